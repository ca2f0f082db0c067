-- Issue 34: the question kinds beyond single and multiple choice. A question keeps its type answer's
-- accepted answers and punctuation flag, its slider and an explanation for every kind; an answer keeps a
-- typed text or a slider value beside its choices (empty then). Existing rows get the empty values.
ALTER TABLE "answers" ADD COLUMN "text" text;--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "value" double precision;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "accepted_answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "ignore_punctuation" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "slider" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "explanation" text DEFAULT '' NOT NULL;