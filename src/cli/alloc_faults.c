/* alloc_faults.c - test builds only (-DSL_ALLOC_FAULTS): fail the Nth
 * allocation, or count them, through the library's allocation hook.
 *
 *   SILLAGE_FAIL_ALLOC=N   the Nth call of the hook that allocates (malloc
 *                          or realloc, counted from 1) returns NULL; every
 *                          other call succeeds
 *   SILLAGE_COUNT_ALLOC=1  at exit, print "sillage: allocations: N" on
 *                          standard error
 * Whatever the variables, a block of ours still allocated at exit is a leak:
 * "sillage: leak: N blocks allocated through sl_malloc never freed" on
 * standard error (the count is exact, at no cost, on every run; leaks inside
 * cairo or pango need LeakSanitizer).
 *   SILLAGE_FAIL_TRACE=1   print the call stack of the failed allocation on
 *                          standard error (to find the code that mishandles it)
 *   SILLAGE_SITES_ALLOC=F  write to file F, one a line, the N of the first
 *                          allocation made from each distinct call stack
 *                          (its innermost 12 return addresses): failing
 *                          those reaches every path to an allocation once,
 *                          for runs too long to fail every N
 *
 * The normal binary never reads these variables: without SL_ALLOC_FAULTS
 * this file defines nothing but an empty function. `make alloc-faults`
 * (tests/alloc/run.sh) loops N over every allocation of a run. */
#include "cli.h"

#ifdef SL_ALLOC_FAULTS

#include <execinfo.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the exporters draw and encode on threads: the counters are atomic and
 * the set of call stacks is kept under a lock, so a count is exact and a
 * site is noted once whichever thread allocates (issue 30) */
static unsigned long fault_at;
static atomic_ulong fault_count;
static atomic_long fault_live;   /* blocks allocated and not yet freed */
static pthread_mutex_t sites_mu = PTHREAD_MUTEX_INITIALIZER;
static int fault_report, fault_trace;
static FILE *sites_out;

/* an open-addressed set of stack hashes: the test build's own memory,
 * outside the hook */
static uint64_t *sites;
static size_t sites_cap, sites_len;

static int site_new(uint64_t h)
{
	size_t i;
	if (!h)
		h = 1;
	if (2 * (sites_len + 1) > sites_cap) {
		size_t cap = sites_cap ? 2 * sites_cap : 4096;
		uint64_t *n = calloc(cap, sizeof *n);
		if (!n)
			return 0;
		for (size_t k = 0; k < sites_cap; k++)
			if (sites[k]) {
				for (i = sites[k] & (cap - 1); n[i]; i = (i + 1) & (cap - 1))
					;
				n[i] = sites[k];
			}
		free(sites);
		sites = n;
		sites_cap = cap;
	}
	for (i = h & (sites_cap - 1); sites[i]; i = (i + 1) & (sites_cap - 1))
		if (sites[i] == h)
			return 0;
	sites[i] = h;
	sites_len++;
	return 1;
}

static void site_note(unsigned long no)
{
	void *pc[14];
	int n = backtrace(pc, 14);
	uint64_t h = 1469598103934665603ULL;
	/* frames 0 and 1 are this function and the hook */
	for (int k = 2; k < n; k++) {
		h ^= (uint64_t)(uintptr_t)pc[k];
		h *= 1099511628211ULL;
	}
	pthread_mutex_lock(&sites_mu);
	if (site_new(h))
		fprintf(sites_out, "%lu\n", no);
	pthread_mutex_unlock(&sites_mu);
}

static void *fault_alloc(void *ud, void *ptr, size_t size)
{
	(void)ud;
	void *p;
	unsigned long no;
	if (size == 0) {
		if (ptr)
			atomic_fetch_sub(&fault_live, 1);
		free(ptr);
		return NULL;
	}
	no = atomic_fetch_add(&fault_count, 1) + 1;
	if (no == fault_at) {
		if (fault_trace) {
			void *pc[24];
			backtrace_symbols_fd(pc, backtrace(pc, 24), 2);
		}
		return NULL;
	}
	if (sites_out)
		site_note(no);
	p = realloc(ptr, size);
	if (p && !ptr)
		atomic_fetch_add(&fault_live, 1);
	return p;
}

static void fault_exit(void)
{
	if (fault_report)
		fprintf(stderr, "sillage: allocations: %lu\n", atomic_load(&fault_count));
	if (atomic_load(&fault_live))
		fprintf(stderr, "sillage: leak: %ld blocks allocated through sl_malloc never freed\n",
			atomic_load(&fault_live));
	if (sites_out)
		fclose(sites_out);
	free(sites);
}

void cli_alloc_faults_init(void)
{
	const char *n = getenv("SILLAGE_FAIL_ALLOC");
	const char *c = getenv("SILLAGE_COUNT_ALLOC");
	fault_at = n ? strtoul(n, NULL, 10) : 0;
	const char *f = getenv("SILLAGE_SITES_ALLOC");
	const char *t = getenv("SILLAGE_FAIL_TRACE");
	fault_report = c && *c && *c != '0';
	fault_trace = t && *t && *t != '0';
	if (f && *f && !(sites_out = fopen(f, "w")))
		perror(f);
	sl_set_allocator(fault_alloc, NULL);
	atexit(fault_exit);
}

#else

void cli_alloc_faults_init(void)
{
}

#endif
