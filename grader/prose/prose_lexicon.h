/* prose_lexicon.h — the words and limits that steer how prose is read, in
 * one place: negators, clause openers, comparatives, the names of the token
 * "not", abbreviations that end no sentence, and the few window sizes of the
 * negation rules (prose_scope.h, prose_claim.h, prose.h say what they do).
 *
 * Every list ends with NULL; every entry and limit has a case in
 * tests/cases/prose_*.tsv that changes when it is removed or moved
 * (tests/unit/prose/test_prose_cases.c checks that).  Entries are lower
 * case and compared case-insensitively with whole words unless the list
 * says otherwise.  The tables are not const so that the mutation check can
 * blank one entry at a time; nothing else writes them.
 */
#ifndef GB_PROSE_LEXICON_H
#define GB_PROSE_LEXICON_H

#include <stddef.h>

/* ---- prose_scope.c: the stance of a mention ---- */
extern const char *prose_lexicon_negators[];       /* deny what they scope over */
extern const char *prose_lexicon_litotes[];        /* prefixes: negated, they affirm */
extern const char *prose_lexicon_openers[];        /* start a clause: end a negator's reach */
extern const char *prose_lexicon_auxiliaries[];    /* skipped between a mention and "not" */
extern const char *prose_lexicon_not_a_denial[];   /* "not only": no denial */
extern const char *prose_lexicon_undoers[];       /* "cannot ... anything but": no denial */
extern const char *prose_lexicon_hedges[];         /* "not necessarily": a human decides */
extern const char *prose_lexicon_comparatives[];   /* "above 0.5": a bound, not a value */
extern const char *prose_lexicon_than_words[];     /* "more than 1": a bound */
extern const char *prose_lexicon_bound_phrases[];  /* "at most 1": a bound */
extern const char *prose_lexicon_negating_keywords[]; /* prefixes: a rubric keyword negates */
extern const char *prose_lexicon_compare_keywords[]; /* prefixes: a rubric keyword compares */
extern const char *prose_lexicon_first_person[];   /* the writer speaking of their choice */
extern const char *prose_lexicon_other_subjects[]; /* ... then speaking of something else */

extern size_t prose_lexicon_look_back;  /* words a negator may precede its mention by */
extern size_t prose_lexicon_close;      /* words between: at most this many denies outright */
extern size_t prose_lexicon_tag_words;  /* a bare contrast tag has at most this many words */
extern size_t prose_lexicon_undo_reach; /* tokens after a negator read for "anything but" */
extern size_t prose_lexicon_aux_run;    /* auxiliaries skipped in a row ("would not be") */

/* ---- prose_claim.c: tying a claim to its subject ---- */
extern const char *prose_lexicon_clause_words[];   /* start a clause (prefix of a word) */
extern const char *prose_lexicon_question_words[]; /* a claim after one is asked, not made */
extern const char *prose_lexicon_superlative_clauses[]; /* "first step at which": no number */
extern const char *prose_lexicon_ordinals[];       /* "third step": entry i is number i + 1 */
extern const char *prose_lexicon_not_named_after[];  /* "at not": "not" is the token */
extern const char *prose_lexicon_not_named_before[]; /* "not arrives": "not" is the token */
extern const char *prose_lexicon_pronouns[];       /* rubric keywords ('$' = whole word) */

/* ---- prose.c: where a sentence ends ---- */
extern const char *prose_lexicon_abbreviations[];  /* "e.g.": their point ends nothing */
extern const char *prose_lexicon_before_number[];  /* "No. 3": only before a number */

/* ---- prose.c: whether a text is English the rubric's keywords can read ---- */
extern const char *prose_lexicon_english_common[]; /* "the", "of": common English words */
extern size_t prose_lexicon_readable_words; /* one of them in this many words is English */
extern size_t prose_lexicon_readable_min;   /* fewer words are too few to tell: English */

#endif
