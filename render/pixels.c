/* pixels.c - the memory of a large image surface (issue 29): mapped on its
 * own, with the part of it in whole 2 MB runs asked of the kernel as huge
 * pages (madvise). A 1024-pixel frame is 3 MB: in 4 kB pages, 750 page
 * faults, each zeroing its page, were about 2 ms of a `render`'s CPU on the
 * build machine; a huge page is one fault (a 3 MB buffer touched: 2.0 ms of
 * CPU above an empty process in 4 kB pages, 0.5 ms with huge pages, on
 * Linux 6.18 with transparent huge pages on "madvise"). Where the kernel has
 * none to give, or no such advice, the pages are the usual ones. The memory
 * is zero, as cairo's own surfaces are, and no larger than asked (to the
 * page): the tail past the last whole 2 MB is in small pages. */
#define _DEFAULT_SOURCE
#include "export.h"

#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#define HUGE_RUN ((size_t)2 << 20)

static size_t page_round(size_t n)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	return (n + page - 1) / page * page;
}

void *sl_pixels_alloc(size_t n)
{
	size_t len, head;
	uint8_t *p, *a;
	if (n < HUGE_RUN)
		return NULL;   /* no whole huge page: cairo's own allocation */
	len = page_round(n);
	p = mmap(NULL, len + HUGE_RUN, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	a = (uint8_t *)(((uintptr_t)p + HUGE_RUN - 1) & ~(uintptr_t)(HUGE_RUN - 1));
	head = (size_t)(a - p);
	if (head)
		munmap(p, head);
	if (HUGE_RUN - head)
		munmap(a + len, HUGE_RUN - head);
#ifdef MADV_HUGEPAGE
	madvise(a, len, MADV_HUGEPAGE);   /* advice: refused, the pages stay small */
#endif
	return a;
}

void sl_pixels_free(void *p, size_t n)
{
	if (p)
		munmap(p, page_round(n));
}
