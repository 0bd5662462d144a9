//! Passes over acc-ir. Each takes a verified module and leaves it verified.

pub mod dependence;
pub mod implicit_data;

pub use implicit_data::implicit_data;
pub mod outline;
pub mod pipeline;
pub mod private_sections;

pub use outline::{outline, Target};
pub mod reductions;

pub use reductions::implicit_reductions;
pub mod routines;
pub mod writes;

pub use routines::{link_program, link_routines, LinkedRoutines, ProgramLink, TargetLink};
