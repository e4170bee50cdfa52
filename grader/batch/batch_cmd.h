/* batch_cmd.h — the `grader batch` command: a cohort in, a gradebook and a report out.
 *
 *   grader batch [OPTIONS] INPUT... --out DIR     read, grade what is new, write outputs
 *   grader batch collect DIR [--post ...]         import Slurm tasks' results, write outputs
 *   grader batch task DIR                         one Slurm array task (job.sh runs it)
 *
 * The steps, each its own module: batch_ingest (inputs) and batch_roster,
 * batch_store (the gradebook), batch_queue (local workers) or batch_slurm,
 * batch_csv and batch_html with batch_similar (outputs), and the existing
 * outbox for --post.  docs/instructors.md is the user's guide.
 *
 * Exit status: 0 every upload has a current result (and, with --post, every
 * result was delivered); 1 some upload could not be graded or a delivery is
 * still queued; 2 usage or configuration error; 130 interrupted (what was
 * graded is kept; the same command finishes the rest).
 */
#ifndef GB_BATCH_CMD_H
#define GB_BATCH_CMD_H

int batch_cmd_main(int argc, char **argv);

#endif
