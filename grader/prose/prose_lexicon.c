/* prose_lexicon.c — the words and limits prose reading steers by (see
 * prose_lexicon.h).  Each entry says why it is here, usually with the kind
 * of sentence a student writes that it decides; the case tables in
 * tests/cases/prose_*.tsv hold those sentences. */
#include "prose/prose_lexicon.h"

/* ---- prose_scope.c ---- */

const char *prose_lexicon_negators[] = {
    "not",        /* "clipping does not fix vanishing" */
    "no",         /* "No row attends most to itself" */
    "never",      /* "the forget gate never lets memory through" */
    "without",    /* "I agree without measuring accuracy" */
    "cannot",     /* one word, no apostrophe: "it cannot memorise" */
    "nothing",    /* "nothing is memorised" */
    "neither",    /* "neither unit memorises" */
    "nor",        /* "... nor does scaling help" */
    "none",       /* "none of the rows sums to 1" */
    "nobody",     /* "nobody needs the gain" */
    "hardly",     /* "the model is hardly memorising" */
    "nowhere",    /* "the gradient is nowhere near exploding" */
    NULL
};

/* Negative predicates and the verbs of leaving a thing as it is (prefixes):
 * negated, they affirm. */
const char *prose_lexicon_litotes[] = {
    "blind",      /* "it is not blind to the beginning" */
    "unable",     /* "it is not unable to learn" */
    "incapable",  /* "it is not incapable of memorising" */
    "impossibl",  /* "it is not impossible to clip" */
    "useless",    /* "clipping is not useless" */
    "pointless",  /* "scaling is not pointless" */
    "ignor",      /* "it does not ignore the gain" */
    "fail",       /* "it never fails to use the gain" */
    "lost",       /* "the signal is not lost" */
    "miss",       /* "it does not miss the gain" */
    "leav",       /* "I would not leave the forget bias at zero" */
    "left",       /* "the bias was not left at zero" */
    "keep",       /* "I would not keep the bias at zero" */
    "kept",       /* "the bias was not kept at zero" */
    "stay",       /* "the bias does not stay at zero" */
    "remain",     /* "the bias does not remain at zero" */
    NULL
};

/* Words that open a new clause: a negator before one does not reach past it. */
const char *prose_lexicon_openers[] = {
    "but",        /* "not luck but memorising" */
    "while",      /* "no clipping while scaling helps" */
    "whilst",     /* British "while" */
    "whereas",    /* "no gain whereas scaling helps" */
    "because",    /* "not luck because it memorises" */
    "since",      /* "not luck since it memorises" */
    "although",   /* "not luck although it memorises" */
    "though",     /* "not luck though it memorises" */
    "which",      /* "not the gain which memorises" */
    "so",         /* "no noise so it memorises" */
    "however",    /* "no noise however it memorises" */
    "when",       /* "not at first when it memorises" */
    "whenever",   /* "no noise whenever it memorises" */
    "if",         /* "no noise if it memorises" */
    "unless",     /* "no credit unless it memorises" */
    "yet",        /* "no noise yet it memorises" */
    "instead",    /* "not luck instead it memorises" */
    "rather",     /* "not luck rather it memorises" */
    NULL
};

/* Skipped between a mention and a negator after it: "scaling is not needed". */
const char *prose_lexicon_auxiliaries[] = {
    "is", "are", "was", "were", "be", "been", "being", "am",          /* to be */
    "does", "do", "did",                                              /* do-support */
    "will", "would", "should", "could", "can", "may", "might", "must", "shall", /* modals */
    "has", "have", "had",                                             /* perfect */
    "really", "just", "simply", "also", "still", "even", "then",      /* adverbs before "not" */
    "actually", "clearly", "certainly", "definitely", "truly",        /* emphasis before "not" */
    "get", "gets", "got",                                             /* "gets not ..." passive */
    NULL
};

/* After a negator they turn the denial into an addition: "not only accuracy". */
const char *prose_lexicon_not_a_denial[] = {
    "only",       /* "measure not only accuracy" */
    "just",       /* "not just accuracy" */
    "merely",     /* "not merely accuracy" */
    "simply",     /* "not simply accuracy" */
    NULL
};

/* Later in a negator's sentence they undo it: "cannot sum to anything but 1"
 * says it sums to 1 (phrases: one space between words). */
const char *prose_lexicon_undoers[] = {
    "anything but",  /* "a row cannot sum to anything but 1" */
    "nothing but",   /* "it does not learn nothing but noise" */
    "except",        /* "no token matters except the last" */
    "other than",    /* "no token matters other than the last" */
    "apart from",    /* "no token matters apart from the last" */
    NULL
};

/* After a negator they hedge it: "not necessarily the cause" is for a human. */
const char *prose_lexicon_hedges[] = {
    "necessarily", /* "the gain is not necessarily the cause" */
    "always",      /* "the gain is not always the cause" */
    NULL
};

/* Before a number they make it a bound: "above 0.5". */
const char *prose_lexicon_comparatives[] = {
    "above", "below",       /* "attention above 0.5" */
    "over", "under",        /* "over 0.9 on the diagonal" */
    "beyond",               /* "beyond 1" */
    "exceed", "exceeds", "exceeding",   /* "rows exceed 1" */
    NULL
};

/* Before "than" and a number they make it a bound: "more than 1". */
const char *prose_lexicon_than_words[] = {
    "more", "less",                       /* "more than 1" */
    "greater", "fewer",                   /* "greater than 0.5" */
    "larger", "bigger", "smaller",        /* "larger than 1" */
    "higher", "lower",                    /* "higher than 0.5" */
    NULL
};

/* Just before a number they make it a bound (phrases: one space between). */
const char *prose_lexicon_bound_phrases[] = {
    "at most",    /* "each weight is at most 1" */
    "at least",   /* "the diagonal is at least 0.5" */
    NULL
};

/* Rubric keywords (prefixes) that ask for a negation although no word of
 * theirs is a negator (prose_scope_negator_at reads "not", "can't", "can not"). */
const char *prose_lexicon_negating_keywords[] = {
    "unable",     /* "unable to learn from the first tokens" */
    "doesn",      /* matches "doesn't" with either apostrophe */
    "won$",       /* "won" as in won't, not "wonder" */
    NULL
};

/* Rubric keywords (prefixes; '$' = whole word) asking for a comparison: the
 * idea then counts numbers after a comparative. */
const char *prose_lexicon_compare_keywords[] = {
    "more than", "less than", "greater than",   /* "more than 1" is the idea */
    "above", "below",                           /* "above 0.5" is the idea */
    "at most", "at least",                      /* "at most 1" is the idea */
    "exceed", "beyond",                         /* "exceeds 1" is the idea */
    "over$", "under$",                          /* not "overfit", "understand" */
    NULL
};

/* The writer as subject: "I'd show the accuracy column, not step 1". */
const char *prose_lexicon_first_person[] = {
    "i", "i'd", "i\xe2\x80\x99" "d", "i'll", "i\xe2\x80\x99" "ll", "i'm", "i\xe2\x80\x99" "m",
    "we", "we'd", "we\xe2\x80\x99" "d", "we'll", "we\xe2\x80\x99" "ll", "let's",
    "let\xe2\x80\x99" "s",
    NULL
};

/* Subjects after the writer that make the clause about the model again:
 * "I think it learns the end, not the beginning". */
const char *prose_lexicon_other_subjects[] = {
    "it", "it's", "it\xe2\x80\x99" "s", "its", "that", "which", "this", "they",   /* pronouns */
    "model", "rnn", "rnns", "network", "gradient", "gradients", "lstm", "gru",    /* the */
    "attention", "layer",                                                         /* course's */
    NULL
};

size_t prose_lexicon_look_back = 8;   /* "not ... memorising" eight words on is another thought */
size_t prose_lexicon_close = 3;       /* "does not really fix the vanishing" still denies */
size_t prose_lexicon_tag_words = 4;   /* ", not the very first tokens." is a tag */
size_t prose_lexicon_undo_reach = 14; /* "cannot ... anything but 1" within a clause's length */
size_t prose_lexicon_aux_run = 3;     /* "would really have been not ..." */

/* ---- prose_claim.c ---- */

/* Words opening a new clause (prefixes of a word): a claim binds to the
 * subject of its own clause. */
const char *prose_lexicon_clause_words[] = {
    "but", "while", "whilst", "whereas",        /* contrast: "h1 fades but h2 resets" */
    "because", "since",                         /* cause: "h2 resets because h1 fades" */
    "although", "though",                       /* concession */
    "which",                                    /* relative: "h1, which fades" */
    "so",                                       /* result */
    "unlike",                                   /* "unlike h1, h2 resets" */
    "rather than", "instead of",                /* "h2 rather than h1 resets" */
    "except",                                   /* "all but h1" */
    "however", "when", "whenever", "if",        /* "when h1 fades h2 resets" */
    NULL
};

/* Open an indirect question: a claim after one in its clause is asked, not
 * made ("so the trace can show whether the memories split at 'not' or at the
 * first opinion word").  A sentence ending in '?' is a question as well. */
const char *prose_lexicon_question_words[] = {
    "whether",    /* "to see whether they separate at 'not' or later" */
    NULL
};

/* Right after "first step" they make the ordinal a superlative, not a
 * number: "the first step at which the traces differ" is the earliest such
 * step, whatever its number (a comma before them keeps the number: "the
 * first step, where ..."). */
const char *prose_lexicon_superlative_clauses[] = {
    "at which",   /* "First step at which the two memory traces differ" */
    "in which",   /* "the first step in which the memories split" */
    "where",      /* "the first step where they separate" */
    "when",       /* "the first step when they separate" */
    "that",       /* "the first step that shows a difference" */
    NULL
};

/* "the third step": entry i is the number i + 1. */
const char *prose_lexicon_ordinals[] = {
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
    NULL
};

/* Before "not" they make it the token named: "h2 lights up at not". */
const char *prose_lexicon_not_named_after[] = {
    "at", "after", "before", "on", "the", "a", "word", "token",  /* "at not", "the word not" */
    "reads", "read", "sees", "see", "saw",                      /* "when it sees not" */
    "until", "when", "with", "of", "to", "by", "for",           /* "until not" */
    "hits", "reach", "reaches", "reaching", "like",             /* "when it hits not" */
    NULL
};

/* After "not" they make it the token named: "they separate where not arrives". */
const char *prose_lexicon_not_named_before[] = {
    "arrive", "arrives", "arrived", "arriving",   /* "where not arrives" */
    "appear", "appears", "appeared",              /* "once not appears" */
    "comes", "came", "shows",                     /* "when not comes" */
    "token", "tokens", "input", "word",           /* "the not token" */
    NULL
};

/* Pronouns that carry a subject from an earlier sentence (rubric keywords). */
const char *prose_lexicon_pronouns[] = {
    "it$", "its$",                       /* "h2 ... It resets." */
    "that unit", "that one",             /* "h2 ... That unit resets." */
    "this$",                             /* "This resets", "this unit", "this one" */
    NULL
};

/* ---- prose.c ---- */

/* Abbreviations whose point ends no sentence (letters only, dots removed). */
const char *prose_lexicon_abbreviations[] = {
    "eg", "ie", "vs", "approx", "cf", "viz", "resp", "incl", "esp",   /* "e.g. the gain" */
    "mr", "mrs", "dr", "prof", "al",                                  /* "Vaswani et al. show" */
    "ca", "aka", "wrt",                                               /* "ca. 0.5" */
    NULL
};

/* Abbreviations that end no sentence when a number follows: "No. 3". */
const char *prose_lexicon_before_number[] = {
    "no", "nr", "fig", "eq", "p", "pp",   /* "see Fig. 2", "Eq. 3" */
    NULL
};

/* Words so common in English prose that a text with hardly any of them is
 * written in another language (prose_readable): a sentence whose idea the
 * rubric's English keywords miss is then a reviewer's to read, not a fail.
 * Words other languages share ("a", "no", "con", "de") are left out. */
const char *prose_lexicon_english_common[] = {
    "the", "is", "are", "was", "were", "of", "to", "and", "in", "it", "that", "this",
    "for", "with", "on", "not", "by", "be", "from", "but", "which", "than", "because", "its",
    "i", "my", "so", "or", "at", "would", "we", "you", "if", "then", "there", "has", "have",
    "will", "what", "when", "how", "all", "only", "into", "after", "every", "does", "without",
    "nothing", "change",
    NULL
};

/* One common English word in this many words, on average, is English. */
size_t prose_lexicon_readable_words = 8;

/* A text of fewer words (a one-line file header, a note) is too short to
 * tell, and read as English. */
size_t prose_lexicon_readable_min = 12;
