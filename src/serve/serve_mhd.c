/* serve_mhd.c - libmicrohttpd opened when `serve` starts, not when the
 * command does: linked, it loads GnuTLS and a dozen libraries and runs their
 * constructors in every process (2 ms and 3 MB of each `verify`, issue 29).
 * The entry points the server uses are defined here with libmicrohttpd's own
 * signatures (its header is the contract) and forward to the library opened
 * by dlopen on the first MHD_start_daemon; a missing library is said there,
 * and the server then refuses to start as for any other cause. The binary
 * does not export these names, so the library's own calls stay its own.
 * A server file that calls another MHD_ function adds one line to MHD_FUNCS. */
#include "core/sl_core.h"
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/socket.h>

#include <microhttpd.h>

/* Debian's runtime library (package libmicrohttpd12): ABI 12 since 0.9.x */
#define MHD_SONAME "libmicrohttpd.so.12"
#define MHD_PACKAGE "libmicrohttpd12"

#define MHD_FUNCS(X) \
	X(MHD_start_daemon_va) X(MHD_stop_daemon) X(MHD_lookup_connection_value) \
	X(MHD_add_response_header) X(MHD_queue_response) X(MHD_destroy_response) \
	X(MHD_get_connection_info) X(MHD_create_response_from_buffer) \
	X(MHD_create_response_from_callback) X(MHD_create_response_from_buffer_with_free_callback)

#define MHD_FIELD(name) __typeof__(&name) name;
static struct {
	MHD_FUNCS(MHD_FIELD)
} mhd;
#undef MHD_FIELD

static pthread_once_t mhd_once = PTHREAD_ONCE_INIT;
static char mhd_why[400];   /* empty once every entry point is found */

static void mhd_load(void)
{
	void *h;
	if (sl_dl_open(&h, MHD_SONAME, MHD_PACKAGE, mhd_why, sizeof mhd_why))
		return;
#define MHD_SYM(name) \
	if (sl_dl_sym(h, MHD_SONAME, #name, (void **)&mhd.name, mhd_why, sizeof mhd_why)) \
		return;
	MHD_FUNCS(MHD_SYM)
#undef MHD_SYM
}

struct MHD_Daemon *MHD_start_daemon(unsigned int flags, uint16_t port,
	MHD_AcceptPolicyCallback apc, void *apc_cls, MHD_AccessHandlerCallback dh,
	void *dh_cls, ...)
{
	struct MHD_Daemon *d;
	va_list ap;
	if (pthread_once(&mhd_once, mhd_load) != 0 || mhd_why[0]) {
		fprintf(stderr, "sillage: serve: %s\n", mhd_why[0] ? mhd_why : "cannot load libmicrohttpd");
		return NULL;
	}
	va_start(ap, dh_cls);
	d = mhd.MHD_start_daemon_va(flags, port, apc, apc_cls, dh, dh_cls, ap);
	va_end(ap);
	return d;
}

/* the others run only once a daemon has started, so the library is open */
void MHD_stop_daemon(struct MHD_Daemon *d)
{
	mhd.MHD_stop_daemon(d);
}

const char *MHD_lookup_connection_value(struct MHD_Connection *c, enum MHD_ValueKind kind,
	const char *key)
{
	return mhd.MHD_lookup_connection_value(c, kind, key);
}

enum MHD_Result MHD_add_response_header(struct MHD_Response *r, const char *header,
	const char *content)
{
	return mhd.MHD_add_response_header(r, header, content);
}

enum MHD_Result MHD_queue_response(struct MHD_Connection *c, unsigned int status,
	struct MHD_Response *r)
{
	return mhd.MHD_queue_response(c, status, r);
}

void MHD_destroy_response(struct MHD_Response *r)
{
	mhd.MHD_destroy_response(r);
}

/* no information kind of this ABI reads an argument after the kind */
const union MHD_ConnectionInfo *MHD_get_connection_info(struct MHD_Connection *c,
	enum MHD_ConnectionInfoType kind, ...)
{
	return mhd.MHD_get_connection_info(c, kind);
}

struct MHD_Response *MHD_create_response_from_buffer(size_t size, void *buffer,
	enum MHD_ResponseMemoryMode mode)
{
	return mhd.MHD_create_response_from_buffer(size, buffer, mode);
}

struct MHD_Response *MHD_create_response_from_callback(uint64_t size, size_t block_size,
	MHD_ContentReaderCallback crc, void *crc_cls, MHD_ContentReaderFreeCallback crfc)
{
	return mhd.MHD_create_response_from_callback(size, block_size, crc, crc_cls, crfc);
}

struct MHD_Response *MHD_create_response_from_buffer_with_free_callback(size_t size, void *buffer,
	MHD_ContentReaderFreeCallback crfc)
{
	return mhd.MHD_create_response_from_buffer_with_free_callback(size, buffer, crfc);
}
