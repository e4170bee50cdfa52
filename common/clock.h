/* clock.h — elapsed-time readings for limits, deadlines and measurements.
 *
 * One place so every stage reads time the same way: the monotonic clock for
 * anything compared against a limit (it never jumps with the wall clock),
 * a thread's CPU clock for measured costs.
 */
#ifndef GB_CLOCK_H
#define GB_CLOCK_H

#include <time.h>

/* Seconds on clock id (CLOCK_MONOTONIC, CLOCK_THREAD_CPUTIME_ID, ...). */
double gb_clock_seconds(clockid_t id);

/* Seconds on the monotonic clock: only differences mean anything. */
double gb_now_seconds(void);

/* Milliseconds on the monotonic clock. */
long long gb_now_ms(void);

#endif
