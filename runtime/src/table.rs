//! The present table of one device: which host address ranges have a device copy, with the
//! structured, dynamic and attachment counters of OpenACC 3.3 §2.6.7 and the data clause actions
//! of §2.7.
//!
//! The table is pure bookkeeping on addresses (`usize`); it never touches memory. Each action
//! returns the device address of the section and appends the memory work it implies
//! ([`Transfer`]s: copies, zero fills, frees, pointer writes) to a list that the caller performs
//! on the device, synchronously or on an async queue, in list order.
//!
//! Rules kept here, with the spec's wording where it matters:
//! * A section is *present* when one entry contains it, *absent* when no entry overlaps it, and
//!   *partly present* otherwise; partly present is an error for every action that consults the
//!   table.
//! * A null host address is no action (the device address is null).
//! * A section that does not fit in the address space (a negative length in C turns into a
//!   length near 2^64) is an invalid data section, an error for every action.
//! * A zero-length section (`a[0:0]`) never allocates and never changes a counter: it is present
//!   when its address lies inside an entry or at its end, and then translates to the matching
//!   device address. Elsewhere it is no action, `present` included (an empty halo buffer, an
//!   array of a rank that has no elements: GCC and NVHPC run such programs); its device address
//!   is then an absent section's (null on discrete memory, where nothing may be read from it).
//! * Entry actions increment the structured counter when the op is flagged `STRUCTURED`, else the
//!   dynamic one. Exit actions decrement the same counter (`FINALIZE` zeroes the dynamic one); an
//!   exit on absent data or on a counter already at zero is no action. When both counters reach
//!   zero, `copyout` copies the section back, then the entry is removed and its device memory
//!   freed (unless `acc_map_data` supplied it).
//! * Attachment counters are per pointer location inside an entry; the first attach writes the
//!   device pointer and the last detach restores it. An attach of more than a pointer's bytes
//!   (a Fortran descriptor, whose address comes first) copies those bytes from the host first. A pointer whose location or target is not
//!   present is no action. An attach may name where the target's mapped part starts
//!   (`DataOp::pointer_offset`, a row section `p[i][lo:n]`): the pointer written then points
//!   that far before the mapped part's device copy. On shared memory no pointer is ever
//!   written, but the counts are kept.
//! * A `declare link` variable (OpenACC 3.3 §2.13.3, [`PresentTable::bind_link`]) has a pointer
//!   in device memory that device code addresses it through: whenever an entry overlapping the
//!   variable is created or removed, the pointer is written with the device address of the
//!   variable's start as an overlapping entry places it (a section `x[k:n]` puts the start `k`
//!   elements before the section's copy; of two sections mapped apart, the one the pointer
//!   follows keeps it while present), or null when none is left. On shared memory there is no
//!   such pointer.

use std::collections::BTreeMap;
use std::fmt;

pub use crate::kinds::{Action, Flags};

/// One data action on one section of host memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataOp {
    pub host: usize,
    pub bytes: usize,
    pub name: Option<String>,
    pub action: Action,
    pub flags: Flags,
    /// For attach and detach: the value of the pointer stored at `host` (its target).
    pub pointer_target: usize,
    /// For attach: where the mapped data starts after the target, in bytes (a row section
    /// `p[i][lo:n]` maps from `p[i] + lo * size`): the target is looked up there and the device
    /// pointer written is that section's device address minus the offset, so that it denotes
    /// `p[i]` on the device as the host pointer does on the host.
    pub pointer_offset: usize,
}

impl DataOp {
    pub fn new(action: Action, flags: Flags, host: usize, bytes: usize) -> DataOp {
        DataOp {
            host,
            bytes,
            name: None,
            action,
            flags,
            pointer_target: 0,
            pointer_offset: 0,
        }
    }
}

/// A mapping of host memory to device memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub host: usize,
    pub bytes: usize,
    pub device: usize,
    pub structured: u64,
    pub dynamic: u64,
    /// Attachment counter of each pointer location (a host address inside this entry).
    pub attachments: BTreeMap<usize, u64>,
    pub name: Option<String>,
    /// Whether this runtime allocated the device memory (false for `acc_map_data`).
    pub owned: bool,
}

impl Entry {
    pub fn end(&self) -> usize {
        self.host + self.bytes
    }

    pub fn device_of(&self, host: usize) -> usize {
        self.device + (host - self.host)
    }

    fn describe(&self) -> String {
        crate::error::describe_data(self.name.as_deref(), self.host, self.bytes)
    }
}

/// Memory work an action implies, performed by the device in list order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transfer {
    CopyIn {
        device: usize,
        host: usize,
        bytes: usize,
    },
    CopyOut {
        host: usize,
        device: usize,
        bytes: usize,
    },
    Zero {
        device: usize,
        bytes: usize,
    },
    Free {
        device: usize,
        bytes: usize,
    },
    /// Store the pointer `value` at device address `location`.
    WritePointer {
        location: usize,
        value: usize,
    },
}

/// Why an action failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableErrorKind {
    NotPresent,
    /// The section overlaps `other` (a description of that entry) without being contained in it.
    PartlyPresent {
        other: String,
    },
    OutOfMemory,
    /// The section runs past the end of the address space (a negative or absurd length).
    InvalidSection,
    /// `acc_map_data` on data that is already (partly) present.
    AlreadyPresent {
        other: String,
    },
    /// `acc_unmap_data` on data that `acc_map_data` did not map.
    NotMapped,
    /// `acc_unmap_data` while a data construct still uses the data.
    StructuredInUse,
    /// Generated code passed an action to the wrong entry point (an internal error).
    WrongPhase,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    pub kind: TableErrorKind,
    pub host: usize,
    pub bytes: usize,
    pub name: Option<String>,
}

impl TableError {
    fn new(kind: TableErrorKind, op: &DataOp) -> TableError {
        TableError {
            kind,
            host: op.host,
            bytes: op.bytes,
            name: op.name.clone(),
        }
    }

    /// What the failing section ran into, said after the origin (`it overlaps ...`).
    pub fn detail(&self) -> Option<String> {
        match &self.kind {
            TableErrorKind::PartlyPresent { other } | TableErrorKind::AlreadyPresent { other } => {
                Some(format!("it overlaps {other}"))
            }
            _ => None,
        }
    }

    /// The `acc_error_t` of the error (an `acc_ev_error` event reports it).
    pub fn code(&self) -> crate::error::ErrorCode {
        use crate::error::ErrorCode;
        match self.kind {
            TableErrorKind::NotPresent => ErrorCode::NotPresent,
            TableErrorKind::PartlyPresent { .. } => ErrorCode::PartlyPresent,
            TableErrorKind::OutOfMemory => ErrorCode::OutOfMemory,
            TableErrorKind::InvalidSection => ErrorCode::InvalidDataSection,
            TableErrorKind::AlreadyPresent { .. } => ErrorCode::Present,
            TableErrorKind::NotMapped | TableErrorKind::StructuredInUse => {
                ErrorCode::InvalidArgument
            }
            TableErrorKind::WrongPhase => ErrorCode::ImplementationDefined,
        }
    }

    /// The whole message: `<error> (<origin>)`, then the detail.
    pub fn message(&self, origin: &crate::error::Origin) -> String {
        match self.detail() {
            Some(detail) => format!("{self} ({origin}): {detail}"),
            None => format!("{self} ({origin})"),
        }
    }
}

impl fmt::Display for TableError {
    /// The message without its origin and detail (see [`TableError::message`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let data = crate::error::describe_data(self.name.as_deref(), self.host, self.bytes);
        match &self.kind {
            TableErrorKind::NotPresent => write!(f, "{data} is not present on the device"),
            TableErrorKind::PartlyPresent { .. } => {
                write!(f, "{data} is partly present on the device")
            }
            TableErrorKind::OutOfMemory => {
                write!(f, "out of memory allocating {} bytes", self.bytes)?;
                if let Some(name) = &self.name {
                    write!(f, " for '{name}'")?;
                }
                Ok(())
            }
            TableErrorKind::InvalidSection => write!(
                f,
                "{data} is not a valid data section: it runs past the end of the address space \
                 (is its length negative?)"
            ),
            TableErrorKind::AlreadyPresent { .. } => {
                write!(f, "{data} is already present on the device")
            }
            TableErrorKind::NotMapped => write!(f, "{data} was not mapped by acc_map_data"),
            TableErrorKind::StructuredInUse => {
                write!(f, "{data} is still in use by a data construct")
            }
            TableErrorKind::WrongPhase => write!(f, "action not valid here for {data}"),
        }
    }
}

enum Found {
    /// Contained in the entry that starts at this host address.
    Present(usize),
    Absent,
    /// Overlaps the entry that starts at this host address without being contained in it.
    Partly(usize),
}

/// The present table of one device.
#[derive(Debug, Default)]
pub struct PresentTable {
    /// Entries keyed by host start address; their ranges never overlap and are never empty.
    entries: BTreeMap<usize, Entry>,
    /// Whether device addresses are host addresses (host and multicore devices).
    shares_host_memory: bool,
    /// The device copies of declared globals that loaded images define, by host start
    /// address: (bytes, device address). An entry created for a section inside one uses it
    /// instead of allocating ([`PresentTable::bind_global`]).
    globals: BTreeMap<usize, (usize, usize)>,
    /// The `declare link` variables of loaded images, by host start address.
    links: BTreeMap<usize, Link>,
}

/// A `declare link` variable's device pointer ([`PresentTable::bind_link`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Link {
    /// The host variable's size.
    bytes: usize,
    /// The device address of the pointer.
    location: usize,
    /// The value last written there (0: null).
    target: usize,
}

const POINTER_BYTES: usize = std::mem::size_of::<usize>();

impl PresentTable {
    pub fn new(shares_host_memory: bool) -> PresentTable {
        PresentTable {
            entries: BTreeMap::new(),
            shares_host_memory,
            globals: BTreeMap::new(),
            links: BTreeMap::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry whose range contains `host`, if any.
    /// Every entry, by host address.
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.entries.values()
    }

    pub fn entry_containing(&self, host: usize) -> Option<&Entry> {
        self.entries
            .range(..=host)
            .next_back()
            .map(|(_, entry)| entry)
            .filter(|entry| host < entry.end())
    }

    fn find(&self, host: usize, bytes: usize) -> Found {
        if let Some((&start, entry)) = self.entries.range(..=host).next_back() {
            if host < entry.end() {
                return if host.saturating_add(bytes) <= entry.end() {
                    Found::Present(start)
                } else {
                    Found::Partly(start)
                };
            }
        }
        match self.entries.range(host..).next() {
            Some((&start, _)) if start < host.saturating_add(bytes) => Found::Partly(start),
            _ => Found::Absent,
        }
    }

    /// The entry a zero-length section at `host` belongs to: one that contains `host` or ends
    /// exactly there.
    fn find_zero_length(&self, host: usize) -> Option<&Entry> {
        self.entries
            .range(..=host)
            .next_back()
            .map(|(_, entry)| entry)
            .filter(|entry| host <= entry.end())
    }

    fn absent_address(&self, host: usize) -> usize {
        if self.shares_host_memory {
            host
        } else {
            0
        }
    }

    /// An error when the section does not fit in the address space.
    fn check_section(op: &DataOp) -> Result<(), TableError> {
        let fits = op.bytes <= isize::MAX as usize && op.host.checked_add(op.bytes).is_some();
        if fits {
            Ok(())
        } else {
            Err(TableError::new(TableErrorKind::InvalidSection, op))
        }
    }

    fn partly(&self, op: &DataOp, start: usize) -> TableError {
        TableError::new(
            TableErrorKind::PartlyPresent {
                other: self.entries[&start].describe(),
            },
            op,
        )
    }

    /// Performs an entry action (copyin, create, present, no_create, attach, deviceptr,
    /// use_device) and returns the device address of the section. `alloc` gives device memory
    /// of the requested size on devices that do not share host memory.
    pub fn enter(
        &mut self,
        op: &DataOp,
        alloc: &mut dyn FnMut(usize) -> Option<usize>,
        out: &mut Vec<Transfer>,
    ) -> Result<usize, TableError> {
        if op.host == 0 {
            return match op.action {
                Action::Copyin
                | Action::Create
                | Action::Present
                | Action::NoCreate
                | Action::Attach
                | Action::Deviceptr
                | Action::GetDeviceptr => Ok(0),
                _ => Err(TableError::new(TableErrorKind::WrongPhase, op)),
            };
        }
        Self::check_section(op)?;
        let lookup_only = op.action == Action::GetDeviceptr;
        match op.action {
            Action::Deviceptr => Ok(op.host),
            Action::Attach => Ok(self.attach(op, out)),
            Action::Copyin
            | Action::Create
            | Action::Present
            | Action::NoCreate
            | Action::GetDeviceptr => {
                let must_be_present = op.action == Action::Present
                    || (lookup_only && !op.flags.has(Flags::IF_PRESENT));
                if op.bytes == 0 {
                    return Ok(match self.find_zero_length(op.host) {
                        Some(entry) => entry.device_of(op.host),
                        None => self.absent_address(op.host),
                    });
                }
                match self.find(op.host, op.bytes) {
                    Found::Partly(start) => Err(self.partly(op, start)),
                    Found::Present(start) => {
                        let entry = self.entries.get_mut(&start).expect("found entry");
                        if !lookup_only {
                            if op.flags.has(Flags::STRUCTURED) {
                                entry.structured += 1;
                            } else {
                                entry.dynamic += 1;
                            }
                        }
                        Ok(entry.device_of(op.host))
                    }
                    Found::Absent if must_be_present => {
                        Err(TableError::new(TableErrorKind::NotPresent, op))
                    }
                    Found::Absent if matches!(op.action, Action::Copyin | Action::Create) => {
                        self.insert_new(op, alloc, out)
                    }
                    Found::Absent => Ok(self.absent_address(op.host)),
                }
            }
            _ => Err(TableError::new(TableErrorKind::WrongPhase, op)),
        }
    }

    fn insert_new(
        &mut self,
        op: &DataOp,
        alloc: &mut dyn FnMut(usize) -> Option<usize>,
        out: &mut Vec<Transfer>,
    ) -> Result<usize, TableError> {
        let global = self.global_containing(op.host, op.bytes);
        let device = if self.shares_host_memory {
            op.host
        } else if let Some(device) = global {
            device
        } else {
            alloc(op.bytes).ok_or_else(|| TableError::new(TableErrorKind::OutOfMemory, op))?
        };
        let structured = op.flags.has(Flags::STRUCTURED);
        let linked = !self.links.is_empty();
        self.entries.insert(
            op.host,
            Entry {
                host: op.host,
                bytes: op.bytes,
                device,
                structured: u64::from(structured),
                dynamic: u64::from(!structured),
                attachments: BTreeMap::new(),
                name: op.name.clone(),
                owned: global.is_none(),
            },
        );
        if op.action == Action::Copyin {
            out.push(Transfer::CopyIn {
                device,
                host: op.host,
                bytes: op.bytes,
            });
        } else if op.flags.has(Flags::ZERO) {
            out.push(Transfer::Zero {
                device,
                bytes: op.bytes,
            });
        }
        if linked {
            self.relink(op.host, op.bytes, out);
        }
        Ok(device)
    }

    /// Performs an exit action (copyout, delete, detach; deviceptr is no action) and returns the
    /// device address the section had, or 0 when it was absent.
    pub fn exit(&mut self, op: &DataOp, out: &mut Vec<Transfer>) -> Result<usize, TableError> {
        match op.action {
            Action::Deviceptr => return Ok(op.host),
            Action::Detach => return Ok(self.detach(op, out)),
            Action::Copyout | Action::Delete => {}
            _ => return Err(TableError::new(TableErrorKind::WrongPhase, op)),
        }
        if op.host == 0 {
            return Ok(0);
        }
        Self::check_section(op)?;
        if op.bytes == 0 {
            return Ok(self
                .find_zero_length(op.host)
                .map_or(0, |entry| entry.device_of(op.host)));
        }
        let start = match self.find(op.host, op.bytes) {
            Found::Partly(start) => return Err(self.partly(op, start)),
            Found::Absent => return Ok(0),
            Found::Present(start) => start,
        };
        let entry = self.entries.get_mut(&start).expect("found entry");
        let device = entry.device_of(op.host);
        let counter = if op.flags.has(Flags::STRUCTURED) {
            &mut entry.structured
        } else {
            &mut entry.dynamic
        };
        if *counter == 0 {
            return Ok(device);
        }
        if op.flags.has(Flags::FINALIZE) && !op.flags.has(Flags::STRUCTURED) {
            *counter = 0;
        } else {
            *counter -= 1;
        }
        if entry.structured == 0 && entry.dynamic == 0 {
            if op.action == Action::Copyout {
                out.push(Transfer::CopyOut {
                    host: op.host,
                    device,
                    bytes: op.bytes,
                });
            }
            let entry = self.entries.remove(&start).expect("found entry");
            self.release(&entry, out);
            self.relink(entry.host, entry.bytes, out);
        }
        Ok(device)
    }

    fn release(&self, entry: &Entry, out: &mut Vec<Transfer>) {
        if entry.owned && !self.shares_host_memory {
            out.push(Transfer::Free {
                device: entry.device,
                bytes: entry.bytes,
            });
        }
    }

    /// Performs an update action (`update device` / `update self`).
    pub fn update(&mut self, op: &DataOp, out: &mut Vec<Transfer>) -> Result<(), TableError> {
        if !matches!(op.action, Action::UpdateDevice | Action::UpdateHost) {
            return Err(TableError::new(TableErrorKind::WrongPhase, op));
        }
        if op.host == 0 || op.bytes == 0 {
            return Ok(());
        }
        Self::check_section(op)?;
        match self.find(op.host, op.bytes) {
            Found::Partly(start) => Err(self.partly(op, start)),
            Found::Absent if op.flags.has(Flags::IF_PRESENT) => Ok(()),
            Found::Absent => Err(TableError::new(TableErrorKind::NotPresent, op)),
            Found::Present(start) => {
                let device = self.entries[&start].device_of(op.host);
                out.push(if op.action == Action::UpdateDevice {
                    Transfer::CopyIn {
                        device,
                        host: op.host,
                        bytes: op.bytes,
                    }
                } else {
                    Transfer::CopyOut {
                        host: op.host,
                        device,
                        bytes: op.bytes,
                    }
                });
                Ok(())
            }
        }
    }

    /// The attach action: `op.host` is the address of a pointer whose value is
    /// `op.pointer_target` (whose data is mapped from `op.pointer_offset` bytes on). Returns the device address of the pointer location (0: no action).
    fn attach(&mut self, op: &DataOp, out: &mut Vec<Transfer>) -> usize {
        let Found::Present(start) = self.find(op.host, op.bytes.max(POINTER_BYTES)) else {
            return 0;
        };
        if op.pointer_target == 0 {
            return 0;
        }
        let mapped = op.pointer_target.wrapping_add(op.pointer_offset);
        let Some(target_device) = self
            .find_zero_length(mapped)
            .map(|target| target.device_of(mapped).wrapping_sub(op.pointer_offset))
        else {
            return 0;
        };
        let shares = self.shares_host_memory;
        let entry = self.entries.get_mut(&start).expect("found entry");
        let location = entry.device_of(op.host);
        let count = entry.attachments.entry(op.host).or_insert(0);
        if *count == 0 && !shares {
            // A pointer with more than an address (a Fortran descriptor: bounds, strides): the
            // host's copy goes first, so that the device copy describes the data as it is now.
            if op.bytes > POINTER_BYTES {
                out.push(Transfer::CopyIn {
                    device: location,
                    host: op.host,
                    bytes: op.bytes,
                });
            }
            out.push(Transfer::WritePointer {
                location,
                value: target_device,
            });
        }
        *count += 1;
        location
    }

    /// The detach action; `FINALIZE` zeroes the attachment counter.
    fn detach(&mut self, op: &DataOp, out: &mut Vec<Transfer>) -> usize {
        if op.host == 0 {
            return 0;
        }
        let Found::Present(start) = self.find(op.host, op.bytes.max(POINTER_BYTES)) else {
            return 0;
        };
        let shares = self.shares_host_memory;
        let entry = self.entries.get_mut(&start).expect("found entry");
        let location = entry.device_of(op.host);
        let Some(count) = entry.attachments.get_mut(&op.host) else {
            return location;
        };
        if op.flags.has(Flags::FINALIZE) {
            *count = 0;
        } else {
            *count -= 1;
        }
        if *count == 0 {
            entry.attachments.remove(&op.host);
            if !shares {
                out.push(Transfer::WritePointer {
                    location,
                    value: op.pointer_target,
                });
            }
        }
        location
    }

    /// Records that the declared global of `bytes` bytes at `host` has its device copy at
    /// `device` (a global of a loaded image): every entry later created for a section of it
    /// uses that copy, never an allocation, and is never freed (OpenACC 3.3 §2.13: the copy
    /// lives as long as the program). An entry the runtime had already allocated for exactly
    /// that range (the `declare` ran before the image was loaded) is moved to it: the result
    /// is its old device memory, which the caller copies to `device` and then frees.
    pub fn bind_global(&mut self, host: usize, bytes: usize, device: usize) -> Option<usize> {
        if host == 0 || bytes == 0 || self.shares_host_memory {
            return None;
        }
        self.globals.insert(host, (bytes, device));
        let entry = self.entries.get_mut(&host)?;
        if entry.bytes != bytes || !entry.owned || entry.device == device {
            return None;
        }
        let old = entry.device;
        entry.device = device;
        entry.owned = false;
        Some(old)
    }

    /// Records that the `declare link` variable of `bytes` bytes at `host` has its device
    /// pointer at `location` (a global of a loaded image, null-initialised). When data
    /// overlapping the variable is already present the pointer is set now (a transfer in
    /// `out`).
    pub fn bind_link(
        &mut self,
        host: usize,
        bytes: usize,
        location: usize,
        out: &mut Vec<Transfer>,
    ) {
        if host == 0 || bytes == 0 || location == 0 || self.shares_host_memory {
            return;
        }
        self.links.insert(
            host,
            Link {
                bytes,
                location,
                target: 0,
            },
        );
        self.relink(host, bytes, out);
    }

    /// Whether the `declare link` variable at `host` is one of this table's and is not mapped
    /// (its device pointer is null).
    pub fn link_unmapped(&self, host: usize) -> bool {
        self.links.get(&host).is_some_and(|link| link.target == 0)
    }

    /// Points the device pointer of every `declare link` variable that overlaps
    /// `[host, host + bytes)` at the variable's start as the present entries now place it
    /// (unchanged while the entry it follows is present, else
    /// [`PresentTable::device_address_within`]), or null, writing those that change.
    fn relink(&mut self, host: usize, bytes: usize, out: &mut Vec<Transfer>) {
        let end = host.saturating_add(bytes);
        let overlapping: Vec<usize> = self
            .links
            .range(..end)
            .filter(|(&start, link)| start.saturating_add(link.bytes) > host)
            .map(|(&start, _)| start)
            .collect();
        for start in overlapping {
            let Link { bytes, target, .. } = self.links[&start];
            // A pointer that still reaches an entry stays (two sections mapped apart cannot
            // both be reached through it; the first mapped keeps it).
            let end = start.saturating_add(bytes);
            let kept = target != 0
                && self
                    .entries
                    .range(..end)
                    .rev()
                    .take_while(|(_, entry)| entry.end() > start)
                    .any(|(_, entry)| {
                        entry.device.wrapping_sub(entry.host.wrapping_sub(start)) == target
                    });
            if kept {
                continue;
            }
            let target = self.device_address_within(start, bytes).unwrap_or(0);
            let link = self.links.get_mut(&start).expect("overlapping link");
            if link.target != target {
                link.target = target;
                out.push(Transfer::WritePointer {
                    location: link.location,
                    value: target,
                });
            }
        }
    }

    /// The device copy of the bound global that is exactly `[host, host + bytes)`, if a loaded
    /// image defines one (`descriptor.rs`: Fortran array descriptors).
    pub fn bound_global(&self, host: usize, bytes: usize) -> Option<usize> {
        self.globals
            .get(&host)
            .filter(|(size, _)| *size == bytes)
            .map(|(_, device)| *device)
    }

    /// The device address of section `[host, host + bytes)` inside a bound global.
    fn global_containing(&self, host: usize, bytes: usize) -> Option<usize> {
        let (&start, &(size, device)) = self.globals.range(..=host).next_back()?;
        (host - start <= size && bytes <= size - (host - start)).then(|| device + (host - start))
    }

    /// `acc_map_data`: records that `bytes` at `host` live at `device`, with a dynamic counter of
    /// one; the runtime never frees that device memory. The device pointer of a `declare link`
    /// variable the data overlaps now reaches it (OpenACC 3.3 §3.2.26; a transfer in `out`).
    pub fn map(
        &mut self,
        host: usize,
        device: usize,
        bytes: usize,
        out: &mut Vec<Transfer>,
    ) -> Result<(), TableError> {
        let op = DataOp::new(Action::Create, Flags::default(), host, bytes);
        if host == 0 || bytes == 0 {
            return Ok(());
        }
        match self.find(host, bytes) {
            Found::Present(start) | Found::Partly(start) => Err(TableError::new(
                TableErrorKind::AlreadyPresent {
                    other: self.entries[&start].describe(),
                },
                &op,
            )),
            Found::Absent => {
                self.entries.insert(
                    host,
                    Entry {
                        host,
                        bytes,
                        device,
                        structured: 0,
                        dynamic: 1,
                        attachments: BTreeMap::new(),
                        name: None,
                        owned: false,
                    },
                );
                self.relink(host, bytes, out);
                Ok(())
            }
        }
    }

    /// `acc_unmap_data`: removes a mapping made by [`PresentTable::map`] without freeing it;
    /// returns its bytes and device address (`None` for a null `host`). The device pointer of a
    /// `declare link` variable that reached it is reset (null, or another present part).
    pub fn unmap(
        &mut self,
        host: usize,
        out: &mut Vec<Transfer>,
    ) -> Result<Option<(usize, usize)>, TableError> {
        let mut op = DataOp::new(Action::Delete, Flags::default(), host, 0);
        if host == 0 {
            return Ok(None);
        }
        let Some(entry) = self.entries.get(&host).filter(|entry| !entry.owned) else {
            return Err(TableError::new(TableErrorKind::NotMapped, &op));
        };
        op.bytes = entry.bytes;
        if entry.structured > 0 {
            return Err(TableError::new(TableErrorKind::StructuredInUse, &op));
        }
        let mapped = (entry.bytes, entry.device);
        self.entries.remove(&host);
        self.relink(host, mapped.0, out);
        Ok(Some(mapped))
    }

    /// `acc_deviceptr`: the device address of host address `host`, if it is present.
    pub fn device_address(&self, host: usize) -> Option<usize> {
        self.entry_containing(host)
            .map(|entry| entry.device_of(host))
    }

    /// The device address that corresponds to `host`, the start of an object of `bytes`
    /// bytes of which only a part may be present (an array whose section an enclosing data
    /// construct maps, passed whole to a kernel): the address inside the entry containing
    /// `host`, else the one at the same offset from the first entry that starts inside the
    /// object (the kernel reaches only the present part). `None` when no part is present.
    pub fn device_address_within(&self, host: usize, bytes: usize) -> Option<usize> {
        if let Some(device) = self.device_address(host) {
            return Some(device);
        }
        let end = host.checked_add(bytes)?;
        self.entries
            .range(host..end)
            .next()
            .map(|(_, entry)| entry.device.wrapping_sub(entry.host - host))
    }

    /// The present entries overlapping the object `[host, host + bytes)` when no single base
    /// address reaches all of them: two or more entries whose device copies are not at the
    /// same offsets from each other as their host data (separately mapped sections of one
    /// array). A kernel given the object's base address through one of them would reach the
    /// others at wrong device addresses. Empty when one base works (one entry, or devices that
    /// share the host's memory). Each item is `(host, bytes)`.
    pub fn split_sections(&self, host: usize, bytes: usize) -> Vec<(usize, usize)> {
        let Some(end) = host.checked_add(bytes) else {
            return Vec::new();
        };
        let mut overlapping: Vec<&Entry> = Vec::new();
        if let Some(entry) = self.entry_containing(host) {
            overlapping.push(entry);
        }
        overlapping.extend(
            self.entries
                .range(host..end)
                .map(|(_, entry)| entry)
                .filter(|entry| entry.host != host),
        );
        let Some(first) = overlapping.first() else {
            return Vec::new();
        };
        let offset = first.device.wrapping_sub(first.host);
        if overlapping
            .iter()
            .all(|entry| entry.device.wrapping_sub(entry.host) == offset)
        {
            return Vec::new();
        }
        overlapping
            .iter()
            .map(|entry| (entry.host, entry.bytes))
            .collect()
    }

    /// `acc_hostptr`: the host address whose device copy is at `device`, if any.
    pub fn host_address(&self, device: usize) -> Option<usize> {
        self.entries
            .values()
            .find(|entry| entry.device <= device && device < entry.device + entry.bytes)
            .map(|entry| entry.host + (device - entry.device))
    }

    /// `acc_is_present`: whether the whole section is present (for zero bytes: whether the
    /// address is inside or at the end of present data).
    pub fn is_present(&self, host: usize, bytes: usize) -> bool {
        if host == 0 {
            return false;
        }
        if bytes == 0 {
            return self.find_zero_length(host).is_some();
        }
        matches!(self.find(host, bytes), Found::Present(_))
    }

    /// Drops every entry (device shutdown), freeing the device memory the runtime allocated.
    pub fn clear(&mut self, out: &mut Vec<Transfer>) {
        let entries = std::mem::take(&mut self.entries);
        for entry in entries.values() {
            self.release(entry, out);
        }
        for link in self.links.values_mut() {
            if link.target != 0 {
                link.target = 0;
                out.push(Transfer::WritePointer {
                    location: link.location,
                    value: 0,
                });
            }
        }
    }
}

#[cfg(test)]
#[path = "table_tests.rs"]
mod tests;
