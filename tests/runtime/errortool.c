/* errortool.c: an OpenACC error-callback tool for tests/runtime.sh, built as a shared library
 * and loaded through ACC_PROFLIB. It registers for acc_ev_error only and prints, on stdout, one
 * line with every field of the three callback arguments that does not depend on addresses:
 * the error code (as its acc_error_t name), the message, the place (file, function, line), the
 * device, the construct, implicit, async and queue, and whether valid_bytes, version and the
 * event types are right. Inside the callback it calls acc_get_device_type and acc_is_present
 * (the runtime must hold no lock while it runs error callbacks).
 * ERRORTOOL_EXIT=n: the callback ends the program with exit(n) (the runtime then prints
 * nothing); ERRORTOOL_TWICE=1: registers the callback a second time for acc_ev_error under
 * another name, to show both run. */
#include <acc_prof.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const codes[] = {
    "none", "other", "system", "execution", "device_init", "device_shutdown",
    "device_unavailable", "device_type_unavailable", "wrong_device_type", "out_of_memory",
    "not_present", "partly_present", "present", "invalid_argument", "invalid_async",
    "invalid_null_pointer", "invalid_data_section", "implementation_defined"};

static const char *base(const char *path) {
  if (path == NULL)
    return "-";
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

static void on_error(acc_prof_info *prof, acc_event_info *info, acc_api_info *api) {
  acc_error_event_info *error = &info->error_event;
  int ok = prof->event_type == acc_ev_error && error->event_type == acc_ev_error &&
           prof->valid_bytes == (int)sizeof(acc_prof_info) && prof->version == 202211 &&
           error->valid_bytes == (int)sizeof(acc_error_event_info) &&
           api->valid_bytes == (int)sizeof(acc_api_info) &&
           api->device_type == prof->device_type && error->runtime_info == 0 &&
           acc_get_device_type() == (acc_device_t)prof->device_type;
  const char *code = error->error_code >= 0 && error->error_code <= acc_error_implementation_defined
                         ? codes[error->error_code]
                         : "?";
  /* Calls back into the runtime: a deadlock here would hang the test. */
  (void)acc_is_present(&ok, sizeof ok);
  printf("acc_ev_error code=%s construct=%d implicit=%d device=%s file=%s func=%s line=%d "
         "async=%ld queue=%ld fields=%s\n  message=%s\n",
         code, error->parent_construct, error->implicit,
         prof->device_type == acc_device_host ? "host"
         : prof->device_type == acc_device_multicore ? "multicore"
                                                     : "?",
         base(prof->src_file), prof->func_name ? prof->func_name : "-", prof->line_no,
         (long)prof->async, (long)prof->async_queue, ok ? "ok" : "BROKEN",
         error->error_message ? error->error_message : "(null)");
  fflush(stdout);
  const char *exit_code = getenv("ERRORTOOL_EXIT");
  if (exit_code != NULL)
    exit(atoi(exit_code));
}

static void on_error_again(acc_prof_info *prof, acc_event_info *info, acc_api_info *api) {
  (void)info;
  (void)api;
  printf("second callback: event %d\n", (int)prof->event_type);
  fflush(stdout);
}

void acc_register_library(acc_prof_reg reg, acc_prof_reg unreg, acc_prof_lookup_func lookup) {
  (void)unreg;
  (void)lookup;
  reg(acc_ev_error, on_error, acc_reg);
  if (getenv("ERRORTOOL_TWICE") != NULL)
    reg(acc_ev_error, on_error_again, acc_reg);
}
