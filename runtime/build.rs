//! Build script of libaccrt: gives the shared library its soname, so that programs record
//! `NEEDED libaccrt.so` (found through their rpath) instead of the path it was linked from.

fn main() {
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libaccrt.so");
}
