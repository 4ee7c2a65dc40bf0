#include "CLibinputShim.h"

#include <errno.h>
#include <pthread.h>
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

// Every run loop that handles the stop signals has its pipe in `stop_fds`; the handler writes to
// each. The previous handlers are saved by the first install and put back by the last restore,
// so two backends' loops (two seats, a touchscreen and a touchpad opened by path) each hear the
// signals while they run, and the process's own handlers come back once both have ended.
#define GK_STOP_SLOTS 16
static volatile sig_atomic_t stop_fds[GK_STOP_SLOTS] = {
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
};
static struct sigaction previous_int, previous_term;
static int installs = 0;
static pthread_mutex_t stop_lock = PTHREAD_MUTEX_INITIALIZER;

static void gk_stop_signal_handler(int signo) {
    int saved = errno;
    unsigned char byte = (unsigned char)signo;
    for (int i = 0; i < GK_STOP_SLOTS; i++) {
        int fd = stop_fds[i];
        if (fd >= 0) {
            ssize_t ignored = write(fd, &byte, 1);
            (void)ignored;
        }
    }
    errno = saved;
}

int gk_stop_signals_install(int write_fd) {
    pthread_mutex_lock(&stop_lock);
    int slot = -1;
    for (int i = 0; i < GK_STOP_SLOTS && slot < 0; i++) {
        if (stop_fds[i] < 0) slot = i;
    }
    if (slot < 0) {
        pthread_mutex_unlock(&stop_lock);
        return -EBUSY;
    }
    stop_fds[slot] = write_fd;
    if (installs == 0) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = gk_stop_signal_handler;
        sigemptyset(&action.sa_mask);
        if (sigaction(SIGINT, &action, &previous_int) != 0) {
            int error = errno;
            stop_fds[slot] = -1;
            pthread_mutex_unlock(&stop_lock);
            return -error;
        }
        if (sigaction(SIGTERM, &action, &previous_term) != 0) {
            int error = errno;
            sigaction(SIGINT, &previous_int, NULL);
            stop_fds[slot] = -1;
            pthread_mutex_unlock(&stop_lock);
            return -error;
        }
    }
    installs += 1;
    pthread_mutex_unlock(&stop_lock);
    return 0;
}

void gk_stop_signals_restore(int write_fd) {
    pthread_mutex_lock(&stop_lock);
    for (int i = 0; i < GK_STOP_SLOTS; i++) {
        if (stop_fds[i] == write_fd) {
            stop_fds[i] = -1;
            installs -= 1;
            if (installs == 0) {
                sigaction(SIGINT, &previous_int, NULL);
                sigaction(SIGTERM, &previous_term, NULL);
            }
            break;
        }
    }
    pthread_mutex_unlock(&stop_lock);
}
