/* batch_review_cmd.h — `grader review DIR`: decide a graded cohort's review items.
 *
 *   grader review DIR
 *       the review screen on a terminal (batch_review_tui.h)
 *   grader review DIR --list
 *       one pending item per line:
 *       STUDENT<TAB>EXERCISE<TAB>CHECK<TAB>GROUP<TAB>QUESTION<TAB>SUGGESTED (pass, fail, -)
 *   grader review DIR --decide STUDENT EXERCISE CHECK pass|fail|POINTS|suggested [--note TEXT]
 *   grader review DIR --decide-group GROUP pass|fail|POINTS|suggested [--note TEXT]
 *       records the decision (who: --by NAME, else $USER; when; why) in
 *       DIR/gradebook.sqlite and writes DIR's outputs again with it
 *   grader review DIR --override STUDENT EXERCISE POINTS --note TEXT
 *       the exercise's score set by a human (batch_review_override), shown in
 *       every output and sent as a new revision
 *   grader review DIR --grade-as STUDENT FILE EXERCISE
 *       the student's FILE (named in a problem line of the last run: no
 *       exercise took it) is graded as EXERCISE from the next batch run on
 *   grader review DIR --show STUDENT EXERCISE CHECK
 *       the item: question, the rubric's description, the evidence, its group,
 *       the suggested verdict and why
 *
 * "suggested" takes the item's suggested verdict (batch_suggest.h); for a
 * group, items without one are left pending.
 *
 * Exit status: 0 done (an empty --list too); 2 usage errors, unknown items and
 * refused verdicts, with a sentence on stderr and nothing recorded.
 */
#ifndef GB_BATCH_REVIEW_CMD_H
#define GB_BATCH_REVIEW_CMD_H

int batch_review_cmd_main(int argc, char **argv);

#endif
