module attributes {acc.language = "c"} {
  acc.routine func(@f) vector [nvidia] seq [host, multicore] loc("in/c/ok/routine_device_type.c":2:13)
  acc.routine func(@g) seq worker [*] gang(dim: 2) [radeon] bind("g_radeon" [radeon]) loc("in/c/ok/routine_device_type.c":8:13)
}
