/* clock.c — elapsed-time readings (clock.h). */
#include "clock.h"

double gb_clock_seconds(clockid_t id)
{
    struct timespec ts;

    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double gb_now_seconds(void)
{
    return gb_clock_seconds(CLOCK_MONOTONIC);
}

long long gb_now_ms(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}
