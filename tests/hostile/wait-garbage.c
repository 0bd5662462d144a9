void f(void) {
#pragma acc wait(devnum:)
#pragma acc wait(devnum: 1 : queues:)
}
