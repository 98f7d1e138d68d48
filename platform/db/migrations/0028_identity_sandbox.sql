CREATE TABLE "sandbox_face_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"masked_id_number" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "sandbox_face_sessions_state_known" CHECK ("sandbox_face_sessions"."state" in ('pending', 'passed', 'failed')),
	CONSTRAINT "sandbox_face_sessions_decided_shape" CHECK (("sandbox_face_sessions"."state" = 'pending') = ("sandbox_face_sessions"."decided_at" is null)),
	CONSTRAINT "sandbox_face_sessions_expiry_after" CHECK ("sandbox_face_sessions"."expires_at" > "sandbox_face_sessions"."created_at"),
	CONSTRAINT "sandbox_face_sessions_id_shape" CHECK ("sandbox_face_sessions"."id" ~ '^[A-Za-z0-9_-]{43}$'),
	CONSTRAINT "sandbox_face_sessions_masked_shape" CHECK ("sandbox_face_sessions"."masked_id_number" ~ '^[0-9X][*]{16}[0-9X]$')
);
