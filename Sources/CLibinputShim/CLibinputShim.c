#include "CLibinputShim.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int gk_libinput_format_message(char *buffer, size_t size, const char *format, va_list args) {
    return vsnprintf(buffer, size, format, args);
}

void gk_libinput_forward_log(gk_libinput_log_sink sink, struct libinput *libinput, int priority,
                             const char *format, va_list args) {
    if (sink == NULL || format == NULL) return;
    char stack[512];
    va_list again;
    va_copy(again, args);
    int needed = vsnprintf(stack, sizeof stack, format, args);
    if (needed < 0) {
        va_end(again);
        sink(libinput, priority, format);
        return;
    }
    if ((size_t)needed < sizeof stack) {
        va_end(again);
        sink(libinput, priority, stack);
        return;
    }
    char *heap = malloc((size_t)needed + 1);
    if (heap == NULL) {
        va_end(again);
        sink(libinput, priority, stack);
        return;
    }
    vsnprintf(heap, (size_t)needed + 1, format, again);
    va_end(again);
    sink(libinput, priority, heap);
    free(heap);
}

static gk_libinput_log_sink installed_sink = NULL;

static void gk_libinput_log_handler(struct libinput *libinput, enum libinput_log_priority priority,
                                    const char *format, va_list args) {
    gk_libinput_forward_log(__atomic_load_n(&installed_sink, __ATOMIC_ACQUIRE), libinput,
                            (int)priority, format, args);
}

void gk_libinput_set_log_sink(struct libinput *libinput, gk_libinput_log_sink sink) {
    __atomic_store_n(&installed_sink, sink, __ATOMIC_RELEASE);
    libinput_log_set_handler(libinput, gk_libinput_log_handler);
}

static volatile sig_atomic_t stop_fd = -1;
static struct sigaction previous_int, previous_term;
static int installed = 0;

static void gk_stop_signal_handler(int signo) {
    int saved = errno;
    unsigned char byte = (unsigned char)signo;
    if (stop_fd >= 0) {
        ssize_t ignored = write(stop_fd, &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

int gk_stop_signals_install(int write_fd) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = gk_stop_signal_handler;
    sigemptyset(&action.sa_mask);
    stop_fd = write_fd;
    if (sigaction(SIGINT, &action, &previous_int) != 0) return -errno;
    if (sigaction(SIGTERM, &action, &previous_term) != 0) {
        int error = errno;
        sigaction(SIGINT, &previous_int, NULL);
        return -error;
    }
    installed = 1;
    return 0;
}

void gk_stop_signals_restore(void) {
    if (!installed) return;
    sigaction(SIGINT, &previous_int, NULL);
    sigaction(SIGTERM, &previous_term, NULL);
    stop_fd = -1;
    installed = 0;
}
