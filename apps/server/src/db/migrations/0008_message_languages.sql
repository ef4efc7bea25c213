ALTER TABLE "notices" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "reject_message" jsonb;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "error_message" jsonb;--> statement-breakpoint
-- Issue #9: reasons stored as English text before the catalog of server messages become catalog messages, so
-- answers render them in the reader's language (apps/server/src/modules/content/content.service.ts rejectReasonIn).
-- Texts that match no known rule stay as they are (shown as stored). One function reads a reason for both tables
-- and is dropped at the end.
CREATE FUNCTION "cc_0008_reason_message"(reason text) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
SELECT CASE
  WHEN reason ~ '^contains a prohibited word: .+ \((gambling|fraud|illegal vehicles|odometer fraud|dangerous driving|off-platform advertising|fake engagement)\)$' THEN jsonb_build_object(
    'code', 'REVIEW_SENSITIVE_WORD',
    'params', jsonb_build_object(
      'word', substring(reason from '^contains a prohibited word: (.+) \([^()]*\)$'),
      'rule', jsonb_build_object('code', 'WORD_RULE_' || upper(translate(substring(reason from '\(([^()]*)\)$'), ' -', '__')))))
  WHEN reason = 'title is required' THEN '{"code":"TITLE_REQUIRED"}'::jsonb
  WHEN reason = 'title cannot contain emoji' THEN '{"code":"TITLE_EMOJI"}'::jsonb
  WHEN reason ~ '^title must be \d+-\d+ characters$' THEN jsonb_build_object(
    'code', 'TITLE_LENGTH',
    'params', jsonb_build_object(
      'min', substring(reason from '^title must be (\d+)-')::int,
      'max', substring(reason from '-(\d+) characters$')::int))
  WHEN reason ~ '^body must be \d+-\d+ characters$' THEN jsonb_build_object(
    'code', 'BODY_LENGTH',
    'params', jsonb_build_object(
      'min', substring(reason from '^body must be (\d+)-')::int,
      'max', substring(reason from '-(\d+) characters$')::int))
  WHEN reason = 'the video file is no longer available; please upload again' THEN '{"code":"VIDEO_FILE_GONE"}'::jsonb
END
$$;--> statement-breakpoint
UPDATE "contents" SET "reject_message" = "cc_0008_reason_message"("reject_reason")
WHERE "reject_message" IS NULL AND "reject_reason" IS NOT NULL;--> statement-breakpoint
-- The review messages kept the English reason in params.reason: the same reference (renderMessageKind).
UPDATE "messages" SET "params" = jsonb_set("params", '{reason}', "cc_0008_reason_message"("params"->>'reason'))
WHERE "kind" IN ('article_rejected', 'video_rejected')
  AND jsonb_typeof("params"->'reason') = 'string'
  AND "cc_0008_reason_message"("params"->>'reason') IS NOT NULL;--> statement-breakpoint
DROP FUNCTION "cc_0008_reason_message"(text);--> statement-breakpoint
-- Uploads the probe refused (modules/fileservice/video-probe.ts): the reason as a catalog message.
UPDATE "uploads" SET "error_message" = CASE
  WHEN "error" LIKE 'the file is not a video (ffprobe could not read it%' THEN '{"code":"VIDEO_UNREADABLE"}'::jsonb
  WHEN "error" = 'the file is not a video (no video stream found)' THEN '{"code":"VIDEO_NO_STREAM"}'::jsonb
  WHEN "error" = 'the file is not a video (it has no duration)' THEN '{"code":"VIDEO_NO_DURATION"}'::jsonb
  WHEN "error" = 'the file is not a video (the video stream has no size)' THEN '{"code":"VIDEO_NO_SIZE"}'::jsonb
END
WHERE "error_message" IS NULL AND "error" IS NOT NULL;
