/* starship_result.c - when the voyage is over (formats/starship.md S10). */
#include "starship_int.h"

int starship_result(const void *st, const sl_header *h, sl_buf *out)
{
	const starship_state *s = st;
	(void)h;
	if (s->outcome != STARSHIP_LOST)
		return 0;
	sl_buf_printf(out, "the voyage is over: the %s exploded in fight %d (against %s); %d %s won, "
		"%d fled", s->you.name, s->fights, s->enemy.name, s->won, s->won == 1 ? "fight" : "fights", s->fled);
	return 1;
}
