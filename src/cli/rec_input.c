/* rec_input.c - the recorder's line reader (libedit on a terminal). */
#define _DEFAULT_SOURCE
#include "rec_input.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <editline/readline.h>

/* libedit calls back without a context: the one recorder of the process */
static rec_complete_fn complete_fn;
static void *complete_ctx;

typedef struct matches {
	char **v;
	size_t n, cap;
} matches;

static void add_match(void *ud, const char *cand)
{
	matches *m = ud;
	if (m->n + 2 > m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 32;
		char **v = realloc(m->v, cap * sizeof *v);
		if (!v)
			return;
		m->v = v;
		m->cap = cap;
	}
	for (size_t i = 1; i < m->n; i++)
		if (strcmp(m->v[i], cand) == 0)
			return;
	if (m->n == 0)
		m->v[m->n++] = NULL;   /* the common prefix, filled below */
	m->v[m->n] = strdup(cand);
	if (m->v[m->n])
		m->n++;
}

static char **complete(const char *text, int start, int end)
{
	matches m = {NULL, 0, 0};
	char *before;
	rl_attempted_completion_over = 1;   /* never file names */
	if (!complete_fn)
		return NULL;
	before = strndup(rl_line_buffer, (size_t)start);
	if (!before)
		return NULL;
	complete_fn(complete_ctx, before, (size_t)start, text, add_match, &m);
	free(before);
	if (m.n < 2) {
		free(m.v);
		return NULL;
	}
	/* libedit wants [0] = the longest common prefix of the matches */
	{
		size_t k = strlen(m.v[1]);
		for (size_t i = 2; i < m.n; i++) {
			size_t j = 0;
			while (j < k && m.v[i][j] == m.v[1][j])
				j++;
			k = j;
		}
		m.v[0] = strndup(m.v[1], k);
	}
	m.v[m.n] = NULL;
	if (m.n == 2 && strchr(m.v[1], '='))
		rl_completion_append_character = '\0';
	else
		rl_completion_append_character = m.n == 2 && m.v[1][strlen(m.v[1]) - 1] == '=' ? '\0' : ' ';
	(void)end;
	return m.v;
}

void rec_input_open(rec_input *in, int terminal, rec_complete_fn fn, void *ctx)
{
	memset(in, 0, sizeof *in);
	in->edit = terminal;
	if (!terminal)
		return;
	complete_fn = fn;
	complete_ctx = ctx;
	rl_readline_name = "sillage";
	rl_attempted_completion_function = complete;
	/* a word ends at a space, a comma or '=': "steps=A,A" completes A */
	rl_basic_word_break_characters = " \t=,:";
	rl_completer_word_break_characters = (char *)" \t=,:";
	using_history();
}

int rec_input_read(rec_input *in, const char *prompt, char **line, size_t *len)
{
	ssize_t n;
	if (in->edit) {
		free(in->edited);
		in->edited = readline(prompt);
		if (!in->edited)
			return -1;
		*len = strlen(in->edited);
		while (*len > 0 && (in->edited[*len - 1] == '\n' || in->edited[*len - 1] == '\r'))
			in->edited[--*len] = 0;
		if (*len)
			add_history(in->edited);
		*line = in->edited;
		return 0;
	}
	if (prompt && *prompt) {
		fputs(prompt, stdout);
		fflush(stdout);
	}
	n = getline(&in->buf, &in->cap, stdin);
	if (n < 0)
		return -1;
	while (n > 0 && (in->buf[n - 1] == '\n' || in->buf[n - 1] == '\r'))
		in->buf[--n] = 0;
	*line = in->buf;
	*len = (size_t)n;
	return 0;
}

void rec_input_close(rec_input *in)
{
	free(in->buf);
	free(in->edited);
	in->buf = in->edited = NULL;
	complete_fn = NULL;
}
