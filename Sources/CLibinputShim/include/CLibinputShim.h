#ifndef GESTUREKIT_CLIBINPUT_SHIM_H
#define GESTUREKIT_CLIBINPUT_SHIM_H

#include <stdarg.h>
#include <stddef.h>
#include <libinput.h>

// libinput reports its log messages through `libinput_log_handler`, a callback that receives a
// printf format and a `va_list`. Swift cannot portably implement a C function that receives a
// `va_list`: its ABI differs between platforms (an array on x86-64, a struct on AArch64), and
// Swift's `CVaListPointer` only models lists Swift builds itself with `withVaList`. So this shim is
// the handler: it formats the message with `vsnprintf` and forwards the finished string to a plain,
// non-variadic callback that Swift supplies.

/// A non-variadic log sink: the libinput context, its priority
/// (`LIBINPUT_LOG_PRIORITY_DEBUG` = 10, `INFO` = 20, `ERROR` = 30) and the formatted message.
typedef void (*gk_libinput_log_sink)(struct libinput *libinput, int priority, const char *message);

/// Formats `format` with `args` into `buffer` (at most `size` bytes, always NUL-terminated when
/// `size` > 0). Returns the length the whole message needs, like `vsnprintf`.
int gk_libinput_format_message(char *buffer, size_t size, const char *format, va_list args);

/// Formats one log message and hands it to `sink`. Messages longer than the stack buffer are
/// formatted into a heap buffer, so nothing is truncated. This is the function installed as the
/// libinput log handler; it is exposed so tests can drive it with a `va_list` of their own.
void gk_libinput_forward_log(gk_libinput_log_sink sink, struct libinput *libinput, int priority,
                             const char *format, va_list args);

/// Installs `sink` as the log handler of `libinput` (through `libinput_log_set_handler`). The sink is
/// process-wide: every context uses the same Swift function, which finds its owner through
/// `libinput_get_user_data`.
void gk_libinput_set_log_sink(struct libinput *libinput, gk_libinput_log_sink sink);

// Stopping an event loop on SIGINT/SIGTERM. A signal handler may only make async-signal-safe calls;
// written in C, the handler is guaranteed to do nothing but `write(2)` one byte to a self-pipe,
// without touching the Swift runtime.

/// Installs SIGINT and SIGTERM handlers that write the signal number (one byte) to `write_fd`, and
/// to the pipe of every other loop installed meanwhile; the first install remembers the previous
/// handlers. Returns 0, or `-errno` (`-EBUSY` with 16 loops installed already).
int gk_stop_signals_install(int write_fd);

/// Stops writing to `write_fd`; the last loop to leave restores the handlers that were in place
/// before the first `gk_stop_signals_install`.
void gk_stop_signals_restore(int write_fd);

#endif
