/* rec_input.h - the recorder's lines: from libedit, with history and tab
 * completion, when standard input is a terminal; plain reads otherwise. */
#ifndef SL_REC_INPUT_H
#define SL_REC_INPUT_H

#include <stddef.h>

/* Offers the words that may complete `word`, the word under the cursor in
 * `line` (what comes before it): calls add(ud, candidate) for each. */
typedef void (*rec_complete_fn)(void *ctx, const char *line, size_t start, const char *word,
	void (*add)(void *ud, const char *cand), void *ud);

typedef struct rec_input {
	int edit;              /* libedit in use */
	char *buf;             /* the last line (plain reads) */
	size_t cap;
	char *edited;          /* the last line (libedit) */
} rec_input;

void rec_input_open(rec_input *in, int terminal, rec_complete_fn fn, void *ctx);
/* The next line without its end of line in *line (valid until the next
 * call), its length in *len. Returns -1 at the end of input. */
int rec_input_read(rec_input *in, const char *prompt, char **line, size_t *len);
void rec_input_close(rec_input *in);

#endif
