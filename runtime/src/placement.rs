//! Ranks on a node: when a launcher (`mpirun`, `mpiexec`, `srun`) starts several processes of a
//! program on one node, each rank's devices are its share of the node's, by default.
//!
//! The launcher says which rank this process is among those on its node and how many there are:
//!
//! | launcher | local rank | local size |
//! |---|---|---|
//! | Open MPI | `OMPI_COMM_WORLD_LOCAL_RANK` | `OMPI_COMM_WORLD_LOCAL_SIZE` |
//! | MPICH, Intel MPI (Hydra) | `MPI_LOCALRANKID` | `MPI_LOCALNRANKS` |
//! | Slurm (`srun`) | `SLURM_LOCALID` | `SLURM_STEP_TASKS_PER_NODE`, `SLURM_NTASKS_PER_NODE` or `SLURM_TASKS_PER_NODE` (this node's entry, `SLURM_NODEID`) |
//!
//! (the first launcher whose variables are all there and consistent is used). From them:
//!
//! * the multicore device of local rank r of s runs on its share of the node's online cores,
//!   `cores / s` (the first `cores % s` ranks take one more), never more than the cores the
//!   process may run on (a launcher that binds ranks to cores or sockets leaves it its own),
//!   and when a CPU quota (cgroup) allows fewer than that, the quota's share;
//! * a GPU device type uses device `r % devices`, as NVHPC's documentation advises doing by hand
//!   with `acc_set_device_num`, and so does `acc_set_device_type` later.
//!
//! `ACC_NUM_CORES` and `ACC_DEVICE_NUM` still decide when they are set. With `ACCC_NOTIFY` set
//! the runtime prints what it chose, once ([`Placement::note`]).

use std::fmt::Write as _;

/// This process's place among the ranks a launcher started on its node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocalRank {
    /// 0-based, below `size`.
    pub rank: usize,
    pub size: usize,
    /// The variables it was read from, for messages (`OMPI_COMM_WORLD_LOCAL_RANK/..._SIZE`).
    pub source: String,
}

/// The launchers' variables: (local rank, local size), in the order they are tried.
const LAUNCHERS: [(&str, &str); 2] = [
    ("OMPI_COMM_WORLD_LOCAL_RANK", "OMPI_COMM_WORLD_LOCAL_SIZE"),
    ("MPI_LOCALRANKID", "MPI_LOCALNRANKS"),
];

/// Slurm's per-node task counts, in the order they are tried.
const SLURM_TASKS: [&str; 3] = [
    "SLURM_STEP_TASKS_PER_NODE",
    "SLURM_NTASKS_PER_NODE",
    "SLURM_TASKS_PER_NODE",
];

/// The local rank the launcher's variables give; `var` reads one (`None`: unset).
pub fn local_rank(var: &dyn Fn(&str) -> Option<String>) -> Option<LocalRank> {
    let number = |name: &str| var(name).and_then(|value| value.trim().parse::<usize>().ok());
    for (rank_name, size_name) in LAUNCHERS {
        if let (Some(rank), Some(size)) = (number(rank_name), number(size_name)) {
            if rank < size {
                return Some(LocalRank {
                    rank,
                    size,
                    source: format!("{rank_name}/{size_name}"),
                });
            }
        }
    }
    let rank = number("SLURM_LOCALID")?;
    let node = number("SLURM_NODEID").unwrap_or(0);
    SLURM_TASKS.iter().find_map(|name| {
        let size = var(name).and_then(|value| tasks_on_node(&value, node))?;
        (rank < size).then(|| LocalRank {
            rank,
            size,
            source: format!("SLURM_LOCALID/{name}"),
        })
    })
}

/// This node's entry of a Slurm task count list (`4`, `2(x3),1`: two tasks on each of three
/// nodes, then one), by the node's index in the list; the first entry when the index is past
/// its end.
fn tasks_on_node(list: &str, node: usize) -> Option<usize> {
    let mut counts = Vec::new();
    for entry in list.split(',') {
        let entry = entry.trim();
        let (count, repeat) = match entry.split_once("(x") {
            Some((count, rest)) => (count, rest.strip_suffix(')')?.parse::<usize>().ok()?),
            None => (entry, 1),
        };
        let count = count.parse::<usize>().ok()?;
        if counts.len() <= node {
            counts.extend(std::iter::repeat_n(count, repeat.min(node + 1)));
        }
    }
    counts.get(node).or(counts.first()).copied()
}

/// The cores the system reports for this process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cores {
    /// The node's online cores.
    pub online: usize,
    /// The cores this process may run on (its affinity mask).
    pub affinity: usize,
    /// What it may use: the affinity mask, less under a CPU quota
    /// (`std::thread::available_parallelism`).
    pub available: usize,
}

impl Cores {
    /// A process alone on `count` cores, with no binding and no quota.
    pub fn all(count: usize) -> Cores {
        Cores {
            online: count,
            affinity: count,
            available: count,
        }
    }

    /// What this system reports.
    pub fn of_this_process() -> Cores {
        let available = std::thread::available_parallelism().map_or(1, |count| count.get());
        let online = online_cores().unwrap_or(available).max(1);
        let affinity = affinity_cores().unwrap_or(online).max(1);
        Cores {
            online,
            affinity,
            available: available.min(affinity).max(1),
        }
    }
}

/// `sysconf(_SC_NPROCESSORS_ONLN)`.
#[allow(unsafe_code)]
fn online_cores() -> Option<usize> {
    // SAFETY: sysconf takes an integer name and reads no memory of ours.
    let count = unsafe { libc::sysconf(libc::_SC_NPROCESSORS_ONLN) };
    usize::try_from(count).ok().filter(|&count| count > 0)
}

/// The number of cores in this process's affinity mask (`sched_getaffinity`).
#[allow(unsafe_code)]
fn affinity_cores() -> Option<usize> {
    // SAFETY: a zeroed cpu_set_t is an empty set; sched_getaffinity writes at most
    // size_of::<cpu_set_t>() bytes into it, the size we pass; CPU_COUNT only reads it.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        if libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) != 0 {
            return None;
        }
        usize::try_from(libc::CPU_COUNT(&set))
            .ok()
            .filter(|&count| count > 0)
    }
}

/// Rank `rank`'s share of `total` among `size`: `total / size`, the first `total % size` ranks
/// one more, at least one.
pub fn share(total: usize, rank: usize, size: usize) -> usize {
    let size = size.max(1);
    (total / size + usize::from(rank % size < total % size)).max(1)
}

/// What the launcher's variables decide for this process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub local: Option<LocalRank>,
    /// The node's and the process's cores.
    pub cores: Cores,
    /// The multicore device's threads when `ACC_NUM_CORES` does not say.
    pub default_cores: usize,
}

impl Placement {
    /// The placement of a process with `local` rank on a node with `cores`.
    pub fn new(local: Option<LocalRank>, cores: Cores) -> Placement {
        let default_cores = match &local {
            Some(local) if local.size > 1 => {
                let mut count = cores
                    .affinity
                    .min(share(cores.online, local.rank, local.size));
                if cores.available < cores.affinity {
                    // A quota shared by the node's ranks (one cgroup for the job or container).
                    count = count.min(share(cores.available, local.rank, local.size));
                }
                count
            }
            _ => cores.available,
        };
        Placement {
            local,
            cores,
            default_cores: default_cores.max(1),
        }
    }

    /// A process no launcher started, on `count` cores.
    pub fn alone(count: usize) -> Placement {
        Placement::new(None, Cores::all(count))
    }

    /// The default device number of a GPU type with `devices` devices: the local rank's share.
    pub fn default_device(&self, devices: i32) -> i32 {
        match (&self.local, usize::try_from(devices)) {
            (Some(local), Ok(devices)) if devices > 0 => {
                i32::try_from(local.rank % devices).unwrap_or(0)
            }
            _ => 0,
        }
    }

    /// The `ACCC_NOTIFY` line that says what the launcher's variables decided (`None` when no
    /// launcher set them): the device (and how its number was chosen) and the multicore
    /// device's threads (and how many the node has).
    pub fn note(&self, choice: &NoteChoice) -> Option<String> {
        let local = self.local.as_ref()?;
        let mut line = format!(
            "accrt: local rank {} of {} ({}):",
            local.rank, local.size, local.source
        );
        if let Some((device, num, devices)) = &choice.gpu {
            let _ = write!(line, " device={device} device_num={num}");
            if choice.device_num_set {
                line.push_str(" (ACC_DEVICE_NUM)");
            } else {
                let _ = write!(line, " (local rank {} % {devices} devices)", local.rank);
            }
        }
        let _ = write!(line, " multicore_cores={}", choice.cores);
        if choice.num_cores_set {
            line.push_str(" (ACC_NUM_CORES)");
        } else {
            let _ = write!(
                line,
                " (its share of the node's {} cores, {} usable by this rank)",
                self.cores.online, self.cores.available
            );
        }
        Some(line)
    }
}

/// What the configuration chose, for [`Placement::note`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoteChoice {
    /// The GPU device type, its device number and how many devices it has, when the initial
    /// device is a GPU.
    pub gpu: Option<(&'static str, i32, i32)>,
    pub device_num_set: bool,
    pub cores: usize,
    pub num_cores_set: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(name, value)| (name.to_string(), value.to_string()))
            .collect();
        move |name: &str| {
            pairs
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, value)| value.clone())
        }
    }

    #[test]
    fn launchers_name_the_local_rank() {
        let open_mpi = vars(&[
            ("OMPI_COMM_WORLD_LOCAL_RANK", "1"),
            ("OMPI_COMM_WORLD_LOCAL_SIZE", "2"),
            ("MPI_LOCALRANKID", "0"),
            ("MPI_LOCALNRANKS", "4"),
        ]);
        let local = local_rank(&open_mpi).unwrap();
        assert_eq!((local.rank, local.size), (1, 2));
        assert_eq!(
            local.source,
            "OMPI_COMM_WORLD_LOCAL_RANK/OMPI_COMM_WORLD_LOCAL_SIZE"
        );
        let hydra = vars(&[("MPI_LOCALRANKID", "3"), ("MPI_LOCALNRANKS", "4")]);
        assert_eq!(local_rank(&hydra).unwrap().rank, 3);
        let slurm = vars(&[("SLURM_LOCALID", "1"), ("SLURM_NTASKS_PER_NODE", "2")]);
        let local = local_rank(&slurm).unwrap();
        assert_eq!((local.rank, local.size), (1, 2));
        assert_eq!(local.source, "SLURM_LOCALID/SLURM_NTASKS_PER_NODE");
        // Two tasks on each of three nodes, then one: node 3 has one task, node 1 two.
        let listed = vars(&[
            ("SLURM_LOCALID", "0"),
            ("SLURM_NODEID", "3"),
            ("SLURM_TASKS_PER_NODE", "2(x3),1"),
        ]);
        assert_eq!(local_rank(&listed).unwrap().size, 1);
        let listed = vars(&[
            ("SLURM_LOCALID", "1"),
            ("SLURM_NODEID", "1"),
            ("SLURM_TASKS_PER_NODE", "2(x3),1"),
        ]);
        assert_eq!(local_rank(&listed).unwrap().size, 2);
        // Nothing, junk, or a rank outside its size: no launcher.
        assert_eq!(local_rank(&vars(&[])), None);
        let junk = vars(&[
            ("OMPI_COMM_WORLD_LOCAL_RANK", "x"),
            ("OMPI_COMM_WORLD_LOCAL_SIZE", "2"),
            ("MPI_LOCALRANKID", "4"),
            ("MPI_LOCALNRANKS", "4"),
        ]);
        assert_eq!(local_rank(&junk), None);
    }

    #[test]
    fn slurm_task_lists() {
        assert_eq!(tasks_on_node("4", 0), Some(4));
        assert_eq!(tasks_on_node("2(x3),1", 0), Some(2));
        assert_eq!(tasks_on_node("2(x3),1", 2), Some(2));
        assert_eq!(tasks_on_node("2(x3),1", 3), Some(1));
        assert_eq!(tasks_on_node("2(x3),1", 9), Some(2));
        assert_eq!(tasks_on_node("2(x", 0), None);
        assert_eq!(tasks_on_node("", 0), None);
    }

    #[test]
    fn shares_of_cores() {
        assert_eq!(share(16, 0, 2), 8);
        assert_eq!(share(16, 1, 2), 8);
        // 10 cores among 4 ranks: 3, 3, 2, 2.
        let shares: Vec<usize> = (0..4).map(|rank| share(10, rank, 4)).collect();
        assert_eq!(shares, [3, 3, 2, 2]);
        // More ranks than cores: one each (the node is oversubscribed, not the rank idle).
        assert_eq!(share(2, 3, 4), 1);
    }

    #[test]
    fn each_rank_runs_on_its_share_of_the_node() {
        let rank = |rank: usize, size: usize| {
            Some(LocalRank {
                rank,
                size,
                source: "test".into(),
            })
        };
        // Two ranks, no binding: half of the 16 cores each.
        assert_eq!(Placement::new(rank(1, 2), Cores::all(16)).default_cores, 8);
        // Bound to one core each (Open MPI's default for two ranks): that core.
        let bound = Cores {
            online: 16,
            affinity: 1,
            available: 1,
        };
        assert_eq!(Placement::new(rank(0, 2), bound).default_cores, 1);
        // Four ranks bound to the two 8-core sockets: two ranks share each socket.
        let socket = Cores {
            online: 16,
            affinity: 8,
            available: 8,
        };
        assert_eq!(Placement::new(rank(3, 4), socket).default_cores, 4);
        // A 4-core quota on a 64-core node, two ranks in it: two cores each.
        let quota = Cores {
            online: 64,
            affinity: 64,
            available: 4,
        };
        assert_eq!(Placement::new(rank(0, 2), quota).default_cores, 2);
        // One rank, or none: every usable core.
        assert_eq!(Placement::new(rank(0, 1), quota).default_cores, 4);
        assert_eq!(Placement::alone(12).default_cores, 12);
    }

    #[test]
    fn gpus_go_round_robin() {
        let placement = Placement::new(
            Some(LocalRank {
                rank: 5,
                size: 8,
                source: "test".into(),
            }),
            Cores::all(64),
        );
        assert_eq!(placement.default_device(4), 1);
        assert_eq!(placement.default_device(1), 0);
        assert_eq!(placement.default_device(0), 0);
        assert_eq!(Placement::alone(4).default_device(4), 0);
    }
}
