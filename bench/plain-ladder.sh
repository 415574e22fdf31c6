# Sourced by the video benchmarks: the pipeline's files made by plain ffmpeg, the way the pipeline makes them.
# plain_ffmpeg sets FF (and the library path) to the ffmpeg the services use: MEDIAGATE_FFMPEG, else the binaries
# they unpacked from the Maven artifact. plain_ladder SRC OUT makes from a 10-second 1080p H.264 clip of local/motion's
# (the scripts take the main rendition of a job the pipeline processed): the main rendition remuxed (the clip is
# browser-playable H.264 at the size), then one decode giving the rest of the ladder (720p and 480p MP4, 1080p
# WebM/VP9), the poster (the frame a third of the way in) and the frame strip, both WebP, as the pipeline does when its
# stages share a process; HLS re-muxed from the main rendition.
plain_ffmpeg() {
  if [ -n "${MEDIAGATE_FFMPEG:-}" ]; then FF="$MEDIAGATE_FFMPEG"; else
    local dir
    dir="$(ls -d "${MEDIAGATE_FFMPEG_CACHE:-$HOME/.cache/mediagate}"/*ffmpeg-* | head -1)"; FF="$dir/ffmpeg"
    export LD_LIBRARY_PATH="$dir"
  fi
}
plain_ladder() { # SRC OUT
  mkdir -p "$2/hls"
  "$FF" -v error -y -i "$1" -map 0:v:0 -c copy -movflags +faststart "$2/1080p.mp4"
  "$FF" -v error -y -i "$1" -filter_complex \
    "[0:v]split=5[a][b][c][d][e];[a]scale=1280:720,format=yuv420p[v1];[b]scale=854:480,format=yuv420p[v2];[c]scale=1920:1080,format=yuv420p[v3];[d]setpts=PTS-STARTPTS,select=gte(t\,3.333)[p];[e]fps=0.5,scale=320:-2,tile=5x1[t]" \
    -map '[v1]' -c:v libx264 -preset veryfast -crf 23 -g 48 -movflags +faststart "$2/720p.mp4" \
    -map '[v2]' -c:v libx264 -preset veryfast -crf 23 -g 48 -movflags +faststart "$2/480p.mp4" \
    -map '[v3]' -c:v libvpx-vp9 -deadline realtime -cpu-used 8 -row-mt 1 -crf 34 -b:v 0 "$2/1080p.webm" \
    -map '[p]' -frames:v 1 -c:v libwebp -quality 85 -f webp "$2/thumbnail.webp" \
    -map '[t]' -frames:v 1 -c:v libwebp -quality 80 -f webp "$2/preview.webp"
  "$FF" -v error -y -i "$2/1080p.mp4" -c copy -f hls -hls_time 2 -hls_playlist_type vod \
    -hls_segment_filename "$2/hls/seg_%03d.ts" "$2/hls/index.m3u8"
}
