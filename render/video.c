/* video.c - animations as video for streamers: H.264 in MP4 or VP9 in WebM
 * through Debian's libavcodec/libavformat (libx264, libvpx), frames
 * converted to 4:2:0 by render/yuv.c, only the pixels that changed since
 * the frame before (the picture's planes are kept). Each picture lasts its delay: timestamps in
 * milliseconds (a variable frame rate), every packet carrying its duration
 * so the file lasts what the animation lasts. No B-frames: packets come in
 * order, which keeps the durations simple and the stream easy to seek.
 *
 * The three libraries are opened (dlopen) the first time a video is asked
 * for, never at start: they pull in some ninety others (x264, aom, dav1d,
 * gnutls, X11...) that every other verb would otherwise load and relocate
 * (20 ms and 20 MB a process). They are opened by the sonames of the
 * headers this was built with, so their structs are the ones compiled
 * here; a missing or unusable one is SL_EFORMAT (exit 3), naming it. */
#include "export.h"
#include "yuv.h"

#include "core/sl_core.h"
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/opt.h>

/* every entry point used, each taken from the library named first */
#define SL_AV_FUNCS(X) \
	X(util, av_strerror) X(util, av_log_set_level) X(util, av_opt_set) \
	X(util, av_opt_set_int) X(util, av_frame_alloc) X(util, av_frame_free) \
	X(util, av_frame_get_buffer) X(util, av_frame_make_writable) \
	X(codec, avcodec_find_encoder_by_name) X(codec, avcodec_alloc_context3) \
	X(codec, avcodec_free_context) X(codec, avcodec_open2) \
	X(codec, avcodec_parameters_from_context) X(codec, avcodec_send_frame) \
	X(codec, avcodec_receive_packet) X(codec, av_packet_alloc) \
	X(codec, av_packet_free) X(codec, av_packet_unref) X(codec, av_packet_rescale_ts) \
	X(format, avformat_alloc_output_context2) X(format, avformat_new_stream) \
	X(format, avformat_free_context) X(format, avformat_write_header) \
	X(format, av_interleaved_write_frame) X(format, av_write_trailer) \
	X(format, avio_open) X(format, avio_closep)

#define SL_AV_FIELD(lib, name) __typeof__(&name) name;
static struct {
	SL_AV_FUNCS(SL_AV_FIELD)
} av;
#undef SL_AV_FIELD

#define SL_AV_SO(name, major) "lib" name ".so." AV_STRINGIFY(major)
#define SL_AV_PKG(name, major) "lib" name AV_STRINGIFY(major)
static const char *const av_sonames[3] = {
	SL_AV_SO("avutil", LIBAVUTIL_VERSION_MAJOR), SL_AV_SO("avcodec", LIBAVCODEC_VERSION_MAJOR),
	SL_AV_SO("avformat", LIBAVFORMAT_VERSION_MAJOR)
};
static const char *const av_packages[3] = {   /* Debian's runtime packages */
	SL_AV_PKG("avutil", LIBAVUTIL_VERSION_MAJOR), SL_AV_PKG("avcodec", LIBAVCODEC_VERSION_MAJOR),
	SL_AV_PKG("avformat", LIBAVFORMAT_VERSION_MAJOR)
};
enum { AV_util, AV_codec, AV_format };

static pthread_once_t av_once = PTHREAD_ONCE_INIT;
static char av_why[512];   /* empty once every entry point is found */

static void av_load(void)
{
	void *h[3];
	for (int k = 0; k < 3; k++)
		if (sl_dl_open(&h[k], av_sonames[k], av_packages[k], av_why, sizeof av_why))
			return;
#define SL_AV_SYM(lib, name) \
	if (sl_dl_sym(h[AV_##lib], av_sonames[AV_##lib], #name, (void **)&av.name, av_why, sizeof av_why)) \
		return;
	SL_AV_FUNCS(SL_AV_SYM)
#undef SL_AV_SYM
	av.av_log_set_level(AV_LOG_ERROR);
}

/* Opens the libraries once per process. SL_OK or SL_EFORMAT, saying which
 * library is missing (video is then unsupported here, nothing else is). */
static int av_ready(sl_error *err)
{
	if (pthread_once(&av_once, av_load) != 0)
		return sl_error_set(err, SL_EFORMAT, "video: cannot load libavcodec");
	if (av_why[0])
		return sl_error_set(err, SL_EFORMAT, "video: %s", av_why);
	return SL_OK;
}

struct sl_video {
	int w, h;               /* the picture (even sides) */
	int sw, sh;             /* the frames given */
	AVFormatContext *fmt;
	AVCodecContext *enc;
	AVStream *st;
	AVFrame *frame;
	AVPacket *pkt;
	int have_prev;          /* the planes hold the picture before */
	int64_t t_ms;           /* when the next picture starts */
	int64_t *dur;           /* duration of the picture at each index */
	size_t ndur, capdur;
	long pictures;
	int opened;             /* the file's header is written */
};

static int av_fail(sl_error *err, int e, const char *what)
{
	char m[AV_ERROR_MAX_STRING_SIZE] = "";
	av.av_strerror(e, m, sizeof m);
	return sl_error_set(err, e == AVERROR(ENOMEM) ? SL_ENOMEM : SL_EIO, "video: %s: %s", what, m);
}

void sl_video_free(sl_video *v)
{
	if (!v)
		return;
	if (v->enc)
		av.avcodec_free_context(&v->enc);
	if (v->frame)
		av.av_frame_free(&v->frame);
	if (v->pkt)
		av.av_packet_free(&v->pkt);
	if (v->fmt) {
		if (v->fmt->pb)
			av.avio_closep(&v->fmt->pb);
		av.avformat_free_context(v->fmt);
	}
	sl_free(v->dur);
	sl_free(v);
}

int sl_video_new(sl_video **out, const char *path, int webm, int w, int h, sl_error *err)
{
	sl_video *v;
	const AVCodec *codec;
	int e;
	*out = NULL;
	if (w <= 0 || h <= 0 || w > SL_RENDER_MAX_SIDE || h > SL_RENDER_MAX_SIDE)
		return sl_error_set(err, SL_EUSAGE, "video: bad canvas %dx%d", w, h);
	if ((e = av_ready(err)) < 0)
		return e;
	if (!(v = sl_calloc(1, sizeof *v)))
		return sl_error_set(err, SL_ENOMEM, "video: out of memory");
	v->sw = w;
	v->sh = h;
	v->w = (w + 1) & ~1;   /* 4:2:0 wants even sides: a column or row of page */
	v->h = (h + 1) & ~1;
	e = av.avformat_alloc_output_context2(&v->fmt, NULL, webm ? "webm" : "mp4", path);
	if (e < 0 || !v->fmt) {
		sl_video_free(v);
		return av_fail(err, e, "cannot make the container");
	}
	codec = av.avcodec_find_encoder_by_name(webm ? "libvpx-vp9" : "libx264");
	if (!codec) {
		sl_video_free(v);
		return sl_error_set(err, SL_EFORMAT, "video: this libavcodec has no %s encoder",
			webm ? "VP9 (libvpx-vp9)" : "H.264 (libx264)");
	}
	v->st = av.avformat_new_stream(v->fmt, NULL);
	v->enc = av.avcodec_alloc_context3(codec);
	v->frame = av.av_frame_alloc();
	v->pkt = av.av_packet_alloc();
	if (!v->st || !v->enc || !v->frame || !v->pkt) {
		sl_video_free(v);
		return sl_error_set(err, SL_ENOMEM, "video: out of memory");
	}
	v->enc->width = v->w;
	v->enc->height = v->h;
	v->enc->pix_fmt = AV_PIX_FMT_YUV420P;
	v->enc->time_base = (AVRational){1, 1000};
	v->enc->framerate = (AVRational){0, 1};   /* variable: each picture its delay */
	v->enc->max_b_frames = 0;
	v->enc->gop_size = 250;
	v->enc->thread_count = 1;   /* the same bytes on every machine */
	if (webm) {
		av.av_opt_set(v->enc->priv_data, "deadline", "good", 0);
		av.av_opt_set_int(v->enc->priv_data, "cpu-used", 4, 0);
		av.av_opt_set_int(v->enc->priv_data, "crf", 32, 0);
		v->enc->bit_rate = 0;
	} else {
		av.av_opt_set(v->enc->priv_data, "preset", "veryfast", 0);
		av.av_opt_set(v->enc->priv_data, "tune", "animation", 0);
		av.av_opt_set_int(v->enc->priv_data, "crf", 20, 0);
	}
	if (v->fmt->oformat->flags & AVFMT_GLOBALHEADER)
		v->enc->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
	if ((e = av.avcodec_open2(v->enc, codec, NULL)) < 0) {
		sl_video_free(v);
		return av_fail(err, e, "cannot open the encoder");
	}
	if ((e = av.avcodec_parameters_from_context(v->st->codecpar, v->enc)) < 0) {
		sl_video_free(v);
		return av_fail(err, e, "cannot set the stream up");
	}
	v->st->time_base = v->enc->time_base;
	v->frame->format = v->enc->pix_fmt;
	v->frame->width = v->w;
	v->frame->height = v->h;
	if ((e = av.av_frame_get_buffer(v->frame, 0)) < 0) {
		sl_video_free(v);
		return av_fail(err, e, "cannot hold a picture");
	}
	if ((e = av.avio_open(&v->fmt->pb, path, AVIO_FLAG_WRITE)) < 0) {
		sl_video_free(v);
		return av_fail(err, e, path);
	}
	if ((e = av.avformat_write_header(v->fmt, NULL)) < 0) {
		sl_video_free(v);
		return av_fail(err, e, "cannot write the header");
	}
	v->opened = 1;
	*out = v;
	return SL_OK;
}

/* Sends what the encoder has ready to the file. */
static int drain(sl_video *v, sl_error *err)
{
	for (;;) {
		int e = av.avcodec_receive_packet(v->enc, v->pkt);
		if (e == AVERROR(EAGAIN) || e == AVERROR_EOF)
			return SL_OK;
		if (e < 0)
			return av_fail(err, e, "encoding failed");
		/* pts are milliseconds from 0 and pictures come in order: the
		 * picture is the one whose start is pts */
		{
			int64_t pts = v->pkt->pts, t = 0;
			for (size_t k = 0; k < v->ndur; k++) {
				if (t == pts) {
					v->pkt->duration = v->dur[k];
					break;
				}
				t += v->dur[k];
			}
		}
		av.av_packet_rescale_ts(v->pkt, v->enc->time_base, v->st->time_base);
		v->pkt->stream_index = v->st->index;
		e = av.av_interleaved_write_frame(v->fmt, v->pkt);
		av.av_packet_unref(v->pkt);
		if (e < 0)
			return av_fail(err, e, "writing failed");
	}
}

int sl_video_frame(sl_video *v, const uint32_t *px, int stride, const int *span, int delay_ms,
	sl_error *err)
{
	sl_yuv_planes d;
	int e;
	if (delay_ms < 1)
		delay_ms = 1;
	/* the planes keep the picture before (writable again once the encoder
	 * has let it go, else copied with it): only the pixels that changed are
	 * converted, in the chroma columns they fall in of each row pair (each
	 * sample depends on its own 2x2 pixels alone) */
	if ((e = av.av_frame_make_writable(v->frame)) < 0)
		return av_fail(err, e, "cannot hold a picture");
	d.y = v->frame->data[0];
	d.u = v->frame->data[1];
	d.v = v->frame->data[2];
	d.ys = v->frame->linesize[0];
	d.us = v->frame->linesize[1];
	d.vs = v->frame->linesize[2];
	if (!v->have_prev || !span)
		sl_yuv420_rows(&d, px, stride, v->sw, v->sh, v->w, 0, v->h);
	else
		for (int y = 0; y < v->h; y += 2) {
			/* the row pair's columns: its two rows' (the last one twice
			 * where the side is odd), in whole chroma samples */
			int r0 = y < v->sh ? y : v->sh - 1, r1 = y + 1 < v->sh ? y + 1 : v->sh - 1;
			int x0 = span[2 * r0], x1 = span[2 * r0 + 1], b0 = span[2 * r1], b1 = span[2 * r1 + 1];
			if (x1 <= x0) {
				x0 = b0;
				x1 = b1;
			} else if (b1 > b0) {
				x0 = b0 < x0 ? b0 : x0;
				x1 = b1 > x1 ? b1 : x1;
			}
			if (x1 > x0)
				sl_yuv420_rect(&d, px, stride, v->sw, v->sh, v->w, x0 / 2, (x1 + 1) / 2, y, y + 2);
		}
	v->have_prev = 1;
	if (v->ndur == v->capdur) {
		size_t nc = v->capdur ? v->capdur * 2 : 256;
		int64_t *nd = sl_realloc(v->dur, nc * sizeof *nd);
		if (!nd)
			return sl_error_set(err, SL_ENOMEM, "video: out of memory");
		v->dur = nd;
		v->capdur = nc;
	}
	v->dur[v->ndur++] = delay_ms;
	v->frame->pts = v->t_ms;
	v->frame->pkt_duration = delay_ms;
	v->t_ms += delay_ms;
	v->pictures++;
	if ((e = av.avcodec_send_frame(v->enc, v->frame)) < 0)
		return av_fail(err, e, "encoding failed");
	return drain(v, err);
}

int sl_video_finish(sl_video *v, sl_error *err)
{
	int e, rc;
	if ((e = av.avcodec_send_frame(v->enc, NULL)) < 0)
		return av_fail(err, e, "encoding failed");
	if ((rc = drain(v, err)) < 0)
		return rc;
	if ((e = av.av_write_trailer(v->fmt)) < 0)
		return av_fail(err, e, "writing the end failed");
	if ((e = av.avio_closep(&v->fmt->pb)) < 0)
		return av_fail(err, e, "closing the file failed");
	return SL_OK;
}
