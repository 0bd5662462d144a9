/* proftool.c: an OpenACC profiling tool for tests/runtime.sh, built as a shared library and
 * loaded through ACC_PROFLIB (or LD_PRELOAD, or linked into a program that calls
 * acc_register_library itself).
 *
 * It registers one callback for every event and writes, to the file PROFTOOL_OUT names (stderr
 * without it), one line per event with the fields a test can compare (no addresses, no times),
 * then, at exit, the count of each event kind and the number of broken invariants:
 *  - valid_bytes of each struct equals its size, version is 202211, the event_type of the
 *    event info equals that of the prof info, device_type is host or multicore;
 *  - tool_info set in a *_start callback comes back in the matching *_end event;
 *  - data events: host_ptr is non-NULL for create/delete/upload/download, and data being
 *    created is present (acc_is_present, called from the callback: the runtime must not hold
 *    its present-table lock while calling callbacks);
 *  - launch events have a kernel name; acc_get_device_type() inside the callback answers.
 */
#include <acc_prof.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[acc_ev_last] = {
    "none", "device_init_start", "device_init_end", "device_shutdown_start",
    "device_shutdown_end", "runtime_shutdown", "create", "delete", "alloc", "free",
    "enter_data_start", "enter_data_end", "exit_data_start", "exit_data_end", "update_start",
    "update_end", "compute_construct_start", "compute_construct_end", "enqueue_launch_start",
    "enqueue_launch_end", "enqueue_upload_start", "enqueue_upload_end", "enqueue_download_start",
    "enqueue_download_end", "wait_start", "wait_end", "error"};

static long counts[acc_ev_last];
static long broken;
static FILE *out;
/* The tool_info values of open start events, innermost last. */
static uintptr_t open_infos[64];
static int open_count;
static uintptr_t next_info = 1;

static void check(int ok, const char *what, acc_event_t event) {
  if (!ok) {
    broken++;
    fprintf(out, "BROKEN %s in %s\n", what, names[event]);
  }
}

static int is_start(acc_event_t e) {
  return e == acc_ev_device_init_start || e == acc_ev_device_shutdown_start ||
         e == acc_ev_enter_data_start || e == acc_ev_exit_data_start ||
         e == acc_ev_update_start || e == acc_ev_compute_construct_start ||
         e == acc_ev_enqueue_launch_start || e == acc_ev_enqueue_upload_start ||
         e == acc_ev_enqueue_download_start || e == acc_ev_wait_start;
}

static int is_end(acc_event_t e) {
  return e == acc_ev_device_init_end || e == acc_ev_device_shutdown_end ||
         e == acc_ev_enter_data_end || e == acc_ev_exit_data_end || e == acc_ev_update_end ||
         e == acc_ev_compute_construct_end || e == acc_ev_enqueue_launch_end ||
         e == acc_ev_enqueue_upload_end || e == acc_ev_enqueue_download_end ||
         e == acc_ev_wait_end;
}

static const char *base(const char *path) {
  if (path == NULL)
    return "-";
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

static void callback(acc_prof_info *prof, acc_event_info *info, acc_api_info *api) {
  acc_event_t event = prof->event_type;
  if (event <= acc_ev_none || event >= acc_ev_last) {
    broken++;
    return;
  }
  counts[event]++;
  check(prof->valid_bytes == (int)sizeof(acc_prof_info), "prof valid_bytes", event);
  check(prof->version == 202211, "version", event);
  check(info->event_type == event, "event_info event_type", event);
  check(api->valid_bytes == (int)sizeof(acc_api_info), "api valid_bytes", event);
  check(prof->device_type == acc_device_host || prof->device_type == acc_device_multicore,
        "device_type", event);
  check(api->device_type == prof->device_type, "api device_type", event);
  fprintf(out,
          "%s device=%s file=%s func=%s line=%d-%d (function %d-%d) construct=%d implicit=%d "
          "async=%ld queue=%ld",
          names[event], prof->device_type == acc_device_host ? "host" : "multicore",
          base(prof->src_file), prof->func_name ? prof->func_name : "-", prof->line_no,
          prof->end_line_no, prof->func_line_no, prof->func_end_line_no,
          info->other_event.parent_construct, info->other_event.implicit, (long)prof->async,
          (long)prof->async_queue);
  switch (event) {
  case acc_ev_create:
  case acc_ev_delete:
  case acc_ev_alloc:
  case acc_ev_free:
  case acc_ev_enqueue_upload_start:
  case acc_ev_enqueue_upload_end:
  case acc_ev_enqueue_download_start:
  case acc_ev_enqueue_download_end: {
    acc_data_event_info *data = &info->data_event;
    check(data->valid_bytes == (int)sizeof(acc_data_event_info), "data valid_bytes", event);
    fprintf(out, " var=%s bytes=%zu", data->var_name ? data->var_name : "-", data->bytes);
    if (event != acc_ev_alloc && event != acc_ev_free)
      check(data->host_ptr != NULL, "host_ptr", event);
    if (event == acc_ev_create)
      check(acc_is_present((void *)data->host_ptr, data->bytes), "created data present", event);
    break;
  }
  case acc_ev_enqueue_launch_start:
  case acc_ev_enqueue_launch_end: {
    acc_launch_event_info *launch = &info->launch_event;
    check(launch->valid_bytes == (int)sizeof(acc_launch_event_info), "launch valid_bytes",
          event);
    check(launch->kernel_name != NULL && launch->kernel_name[0] != '\0', "kernel_name", event);
    check(acc_get_device_type() == (acc_device_t)prof->device_type, "acc_get_device_type",
          event);
    fprintf(out, " kernel=%s gangs=%zu workers=%zu vector=%zu",
            launch->kernel_name ? launch->kernel_name : "-", launch->num_gangs,
            launch->num_workers, launch->vector_length);
    break;
  }
  default:
    check(info->other_event.valid_bytes == (int)sizeof(acc_other_event_info),
          "other valid_bytes", event);
    break;
  }
  fputc('\n', out);
  if (is_start(event)) {
    uintptr_t value = next_info++;
    info->other_event.tool_info = (void *)value;
    if (open_count < 64)
      open_infos[open_count++] = value;
  } else if (is_end(event)) {
    check(open_count > 0 && open_infos[open_count - 1] == (uintptr_t)info->other_event.tool_info,
          "tool_info pairing", event);
    if (open_count > 0)
      open_count--;
  }
}

static void report(void) {
  long total = 0;
  fprintf(out, "counts:");
  for (int e = 1; e < acc_ev_last; e++) {
    if (counts[e] > 0)
      fprintf(out, " %s=%ld", names[e], counts[e]);
    total += counts[e];
  }
  fprintf(out, "\ntotal=%ld broken=%ld unclosed=%d\n", total, broken, open_count);
  fflush(out);
}

static int registrations;

void acc_register_library(acc_prof_reg reg, acc_prof_reg unreg, acc_prof_lookup_func lookup) {
  (void)unreg;
  const char *path = getenv("PROFTOOL_OUT");
  out = path ? fopen(path, "w") : stderr;
  if (out == NULL)
    out = stderr;
  if (++registrations > 1)
    fprintf(out, "BROKEN acc_register_library called %d times\n", registrations);
  if (lookup("acc_no_such_query") != NULL)
    fprintf(out, "BROKEN acc_prof_lookup found an unknown name\n");
  for (int e = 1; e < acc_ev_last; e++)
    reg((acc_event_t)e, callback, acc_reg);
}

/* Runs after the runtime's exit handler (which reports acc_ev_runtime_shutdown). */
__attribute__((destructor)) static void finish(void) {
  if (out != NULL)
    report();
}
