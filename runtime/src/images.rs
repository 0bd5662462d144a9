//! The device images a program carries: accc's link step embeds, per offload architecture, one
//! image (PTX text or an AMDGPU code object) with the names of its kernels, and a constructor
//! registers each with `__accrt_register_image` before `main` (or when a shared library is
//! loaded). This module keeps them; the GPU devices ([`crate::gpudev`]) load a PTX image (CUDA)
//! or a code object (HIP) on the first launch of one of its kernels, or when the device starts if the image defines globals
//! (device copies of declared globals, entered into the present table then). What is registered can be observed: `__accrt_images_count()` returns the number of images, and with `ACCC_IMAGES=1`
//! in the environment each registration prints one line to standard error:
//!
//! ```text
//! accrt: image 0: sm_70 ptx, 5120 bytes, 2 kernels: __accc_main_12_parallel __accc_f_3_kernels
//! ```

use std::sync::Mutex;

/// What an image holds (`__accrt_image.kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageKind {
    /// PTX text, for the CUDA driver to JIT-compile (`kind` 1).
    Ptx,
    /// An AMDGPU ELF code object (`kind` 2).
    Hsaco,
}

impl ImageKind {
    /// The kind of a raw `__accrt_image.kind`, if known.
    pub fn from_raw(raw: u32) -> Option<ImageKind> {
        const PTX: u32 = accc_abi::image::KIND_PTX as u32;
        const HSACO: u32 = accc_abi::image::KIND_HSACO as u32;
        match raw {
            PTX => Some(ImageKind::Ptx),
            HSACO => Some(ImageKind::Hsaco),
            _ => None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            ImageKind::Ptx => "ptx",
            ImageKind::Hsaco => "hsaco",
        }
    }
}

/// One registered image (its bytes copied, so a library may be unloaded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    /// The architecture it was compiled for (`sm_70`, `gfx90a`).
    pub arch: String,
    pub kind: ImageKind,
    pub bytes: Vec<u8>,
    /// The kernels it defines, by the names `__accrt_kernel.name` gives.
    pub kernels: Vec<String>,
    /// Per kernel of `kernels` (image version 4; a missing entry is the default, no scratch).
    pub facts: Vec<KernelFacts>,
    /// The global variables it defines: the device copies of declared globals.
    pub globals: Vec<ImageGlobal>,
}

/// What a launch of one kernel needs to know (`struct __accrt_kernel_facts`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KernelFacts {
    /// The bytes of scratch buffer the kernel needs per thread of the grid (0: none).
    pub scratch_bytes: u64,
    /// The kernel's construct gives `num_gangs`: the launch may not use fewer gangs.
    pub fixed_gangs: bool,
}

impl Image {
    /// The facts of kernel `name` (the default for a kernel not in the image).
    pub fn facts_of(&self, name: &str) -> KernelFacts {
        self.kernels
            .iter()
            .position(|kernel| kernel == name)
            .and_then(|index| self.facts.get(index))
            .copied()
            .unwrap_or_default()
    }
}

/// A global variable an image defines (`struct __accrt_image_global`): the device copy of the
/// declared host variable at `host` (OpenACC 3.3 §2.13), found in the loaded module by `name`;
/// or, with `link`, the device pointer of the `declare link` variable at `host` of `bytes`
/// bytes (§2.13.3), which the runtime points at the variable's mapped copy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImageGlobal {
    pub name: String,
    pub host: usize,
    pub bytes: usize,
    pub link: Option<ImageLink>,
}

/// What a `declare link` variable's pointer global carries (image version 3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImageLink {
    /// The variable's name in the source, for messages.
    pub name: String,
    /// The kernels that use the variable: launching one while it is not mapped is an error.
    pub kernels: Vec<String>,
}

static IMAGES: Mutex<Vec<Image>> = Mutex::new(Vec::new());

/// The `declare link` variables the registered images' kernels use: (kernel, host address,
/// variable name), for the check at each launch without copying the images.
static LINK_USES: Mutex<Vec<(String, usize, String)>> = Mutex::new(Vec::new());
static ANY_LINKS: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether any registered image has a `declare link` variable (a fast test for launches).
pub fn any_links() -> bool {
    ANY_LINKS.load(std::sync::atomic::Ordering::Acquire)
}

/// The `declare link` variables kernel `name` uses: (host address, variable name) each.
pub fn links_of(name: &str) -> Vec<(usize, String)> {
    let uses = LINK_USES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut found: Vec<(usize, String)> = uses
        .iter()
        .filter(|(kernel, _, _)| kernel == name)
        .map(|(_, host, variable)| (*host, variable.clone()))
        .collect();
    found.sort();
    found.dedup();
    found
}

/// Adds an image to the registry; returns its index.
pub fn register(image: Image) -> usize {
    let mut images = IMAGES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let index = images.len();
    if std::env::var("ACCC_IMAGES").is_ok_and(|value| value == "1") {
        eprintln!("accrt: {}", describe(index, &image));
    }
    let uses: Vec<(String, usize, String)> = image
        .globals
        .iter()
        .filter_map(|global| Some((global, global.link.as_ref()?)))
        .flat_map(|(global, link)| {
            link.kernels
                .iter()
                .map(|kernel| (kernel.clone(), global.host, link.name.clone()))
        })
        .collect();
    if !uses.is_empty() {
        LINK_USES
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .extend(uses);
        ANY_LINKS.store(true, std::sync::atomic::Ordering::Release);
    }
    images.push(image);
    index
}

/// The line `ACCC_IMAGES=1` prints for image `index`.
pub fn describe(index: usize, image: &Image) -> String {
    let mut line = format!(
        "image {index}: {} {}, {} bytes, {} kernels: {}",
        image.arch,
        image.kind.name(),
        image.bytes.len(),
        image.kernels.len(),
        image.kernels.join(" ")
    );
    if !image.globals.is_empty() {
        let globals: Vec<String> = image
            .globals
            .iter()
            .map(|g| match &g.link {
                None => format!("{} ({} bytes)", g.name, g.bytes),
                Some(link) => format!(
                    "{} (link to {}, {} bytes, used by {})",
                    g.name,
                    link.name,
                    g.bytes,
                    link.kernels.join(",")
                ),
            })
            .collect();
        line.push_str(&format!(
            "; {} globals: {}",
            image.globals.len(),
            globals.join(" ")
        ));
    }
    line
}

/// A copy of every registered image, in registration order.
pub fn images() -> Vec<Image> {
    IMAGES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .clone()
}

/// Whether an image of `kind` is registered.
pub fn has_kind(kind: ImageKind) -> bool {
    IMAGES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .iter()
        .any(|image| image.kind == kind)
}

/// The number of registered images.
pub fn count() -> usize {
    IMAGES
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .len()
}

/// Host kernels that must run as one gang on the multicore device, by name: the link step
/// found that their gang-redundant code calls a `gang` routine, whose gang loop the host code
/// runs whole (only device code divides it among gangs).
static ONE_GANG: Mutex<Vec<String>> = Mutex::new(Vec::new());
static ANY_ONE_GANG: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Records kernels that run as one gang on the host.
pub fn register_one_gang(names: impl IntoIterator<Item = String>) {
    let mut list = ONE_GANG
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    list.extend(names);
    ANY_ONE_GANG.store(!list.is_empty(), std::sync::atomic::Ordering::Release);
}

/// Whether kernel `name` must run as one gang on the host.
pub fn one_gang(name: &str) -> bool {
    if !ANY_ONE_GANG.load(std::sync::atomic::Ordering::Acquire) {
        return false;
    }
    ONE_GANG
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .iter()
        .any(|n| n == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registered_images_are_kept_in_order() {
        let before = count();
        let image = Image {
            arch: "sm_70".into(),
            kind: ImageKind::Ptx,
            bytes: b".version 7.0".to_vec(),
            kernels: vec!["k1".into(), "k2".into()],
            facts: Vec::new(),
            globals: Vec::new(),
        };
        let index = register(image.clone());
        assert!(index >= before);
        assert_eq!(images()[index], image);
        assert_eq!(
            describe(index, &image),
            format!("image {index}: sm_70 ptx, 12 bytes, 2 kernels: k1 k2")
        );
        assert_eq!(ImageKind::from_raw(2), Some(ImageKind::Hsaco));
        let with_globals = Image {
            globals: vec![ImageGlobal {
                name: "coef".into(),
                host: 0x1000,
                bytes: 64,
                link: None,
            }],
            ..image
        };
        assert!(describe(0, &with_globals).ends_with("k1 k2; 1 globals: coef (64 bytes)"));
        assert_eq!(ImageKind::from_raw(3), None);
    }

    #[test]
    fn one_gang_kernels_are_remembered() {
        assert!(!one_gang("k_one_gang_test"));
        register_one_gang(["k_one_gang_test".to_string()]);
        assert!(one_gang("k_one_gang_test"));
        assert!(!one_gang("k_other"));
    }
}
