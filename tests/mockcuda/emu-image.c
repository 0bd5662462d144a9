/* A hand-written emulated image (the ABI of codegen/src/device/emulate.rs) for the emulation
 * pass of tests/cuda.sh: it checks the mock's emulator itself. */
#include <stdint.h>
__thread struct {
  int32_t tid[3], ntid[3], ctaid[3], nctaid[3];
  void (*barrier)(void);
  void *check_context;
} __accemu_state;
const int32_t __accemu_max_threads_sum = 1024, __accemu_max_threads_diverge = 1024,
              __accemu_max_threads_peek = 1024;
/* The memory checks (codegen/src/device/emulate/checks.rs): the mock's check, set when it
 * loads the image, and one slot per access site. */
void (*__accemu_check)(const void *address, uint64_t bytes, int32_t kind, uint64_t slot[2],
                       void *context);
__thread uint64_t __accemu_sites[2][2];
const uint64_t __accemu_sites_bytes = sizeof __accemu_sites;
static __thread int64_t slots[1024];
/* Each thread writes its slot, the block meets, thread 0 adds the slots to *args[1]. */
void __accemu_entry_sum(void **args) {
  int64_t *out = *(int64_t **)args[1];
  int32_t t = __accemu_state.tid[0], b = __accemu_state.ctaid[0];
  slots[t] = t + 100 * b;
  __accemu_state.barrier();
  if (t != 0)
    return;
  int64_t sum = 0;
  for (int32_t i = 0; i < __accemu_state.ntid[0]; i++)
    sum += slots[i];
  *out = b == 0 ? sum : *out + sum;
}
/* Thread 0 alone reaches the barrier. */
void __accemu_entry_diverge(void **args) {
  (void)args;
  if (__accemu_state.tid[0] == 0)
    __accemu_state.barrier();
}
/* A store to device memory (*args[1]: its check fills the site's slot with the allocation,
 * which the store records), then a load from the host address *args[2], whose check fails the
 * launch: the store after it never happens. */
void __accemu_entry_peek(void **args) {
  int64_t *out = *(int64_t **)args[1];
  const int64_t *host = *(const int64_t **)args[2];
  void *context = __accemu_state.check_context;
  __accemu_check(out, sizeof *out, 1, __accemu_sites[0], context);
  uint64_t at = (uint64_t)(uintptr_t)out;
  *out = __accemu_sites[0][0] <= at && at + sizeof *out <= __accemu_sites[0][1];
  __accemu_check(host, sizeof *host, 0, __accemu_sites[1], context);
  *out = *host;
}
