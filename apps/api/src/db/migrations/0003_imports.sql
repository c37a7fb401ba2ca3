CREATE TABLE "import_progress" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"phase" text NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_progress_user_id_key_pk" PRIMARY KEY("user_id","key"),
	CONSTRAINT "import_progress_phase_check" CHECK ("import_progress"."phase" in ('validating', 'saving_items', 'saving_stock', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "import_progress" ADD CONSTRAINT "import_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;