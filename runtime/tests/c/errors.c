/* errors.c: runtime errors stop the program with one line on stderr and status 1.
 * argv[1] picks the error; reaching the end of main is a failure (status 3). */
#include <accrt.h>
#include <openacc.h>
#include <string.h>

#include "check.h"

int main(int argc, char **argv) {
  CHECK(argc == 2);
  const char *which = argv[1];
  static double a[1000];
  const __accrt_loc loc = {"main.c", "main", 12};
  if (strcmp(which, "present") == 0) {
    __accrt_data op = {a, sizeof a, "a[0:n]", ACCRT_PRESENT, ACCRT_STRUCTURED, NULL, 0, 0};
    __accrt_enter(&op, 1, acc_async_sync, NULL, 0, &loc);
  } else if (strcmp(which, "implicit") == 0) {
    __accrt_data op = {a, sizeof a, "a", ACCRT_PRESENT, ACCRT_STRUCTURED | ACCRT_IMPLICIT, NULL, 0, 0};
    __accrt_enter(&op, 1, acc_async_sync, NULL, 0, &loc);
  } else if (strcmp(which, "partly") == 0) {
    acc_copyin(a, 10 * sizeof(double));
    __accrt_data op = {a + 5, 10 * sizeof(double), "a[5:10]", ACCRT_COPYIN, ACCRT_STRUCTURED,
                       NULL, 0, 0};
    __accrt_enter(&op, 1, acc_async_sync, NULL, 0, &loc);
  } else if (strcmp(which, "update") == 0) {
    acc_update_device(a, sizeof(double));
  } else if (strcmp(which, "update_if_present") == 0) {
    __accrt_data op = {a, 8, "a[0:1]", ACCRT_UPDATE_HOST, ACCRT_IF_PRESENT, NULL, 0, 0};
    __accrt_update(&op, 1, acc_async_sync, NULL, 0, &loc);
    printf("no error\n");
    return 0;
  } else if (strcmp(which, "free") == 0) {
    acc_free(a);
  } else if (strcmp(which, "async") == 0) {
    acc_copyin_async(a, 8, -7);
  } else if (strcmp(which, "exit_action_on_entry") == 0) {
    __accrt_data op = {a, 8, "a", ACCRT_COPYOUT, 0, NULL, 0, 0};
    __accrt_enter(&op, 1, acc_async_sync, NULL, 0, &loc);
  }
  fprintf(stderr, "errors.c: no error for '%s'\n", which);
  return 3;
}
