#!/bin/sh
# Makes the demo author's video clips (issue #9 "the demo's videos play"): a 16:9 clip for the demo videos and
# a 9:16 one for the demo short video, each 10 s of ffmpeg's test pattern (colour bars, a moving gradient, a frame counter) with a 440 Hz tone (H.264 +
# AAC in MP4, moov first so playback starts at once), and a JPEG cover frame of each, taken at 1 s.
# The outputs are committed: `npm start` copies them into storage and needs no ffmpeg. Run this script only
# to make them again, then update the facts in apps/server/src/db/demo-videos.ts (its test compares them
# with ffprobe). Bit-exact flags keep the bytes the same from run to run on one ffmpeg version.
set -eu
cd "$(dirname "$0")"

clip() { # name width height
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "testsrc=duration=10:size=$2x$3:rate=25" \
    -f lavfi -i "sine=frequency=440:duration=10:sample_rate=44100" \
    -map 0:v -map 1:a -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
    -c:v libx264 -preset slow -crf 30 -pix_fmt yuv420p -g 50 -threads 1 \
    -c:a aac -b:a 32k -ac 1 \
    -movflags +faststart "$1.mp4"
  ffmpeg -hide_banner -loglevel error -y -ss 1 -i "$1.mp4" -frames:v 1 -q:v 4 -map_metadata -1 \
    -fflags +bitexact -flags:v +bitexact "$1.jpg"
}

clip demo-landscape 640 360
clip demo-portrait 360 640
ls -l demo-landscape.mp4 demo-portrait.mp4 demo-landscape.jpg demo-portrait.jpg
