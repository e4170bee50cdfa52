/* serve.h — `grader serve`: the checker service in one command.
 *
 *   grader serve [--listen ADDR:PORT] [--workers N] [--db PATH|postgresql://…] [OPTION…]
 *
 * One process answers HTTP (http.c, routes.c) and accepts uploads (intake.c);
 * it starts N worker processes (`grader worker`, worker.h) that grade, and
 * starts a worker again when one dies.  SIGTERM or SIGINT stops it: uploads
 * waiting for their commit are answered, workers give their jobs back, and
 * every accepted submission stays queued for the next start.  A kill -9
 * loses nothing either: the workers die with it (PDEATHSIG) and their jobs
 * are taken back when the service (or any worker) next looks.
 *
 * Exit status: 0 after a signal, 1 when it could not start or a part of it
 * failed, 2 usage.  Options are listed by --help and in docs/service.md.
 */
#ifndef GB_SERVE_H
#define GB_SERVE_H

int serve_main(int argc, char **argv);

#endif
