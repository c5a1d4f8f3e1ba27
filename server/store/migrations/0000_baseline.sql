CREATE TABLE "analyses" (
	"analysis_id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"created_at" timestamp(3) with time zone NOT NULL,
	"updated_at" timestamp(3) with time zone NOT NULL,
	"analysis" jsonb NOT NULL,
	"text_content" text,
	"json_content" jsonb,
	"json_content_text" text,
	"metadata" jsonb,
	"metadata_text" text,
	"response_schema" jsonb
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"tenant_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp(3) with time zone NOT NULL,
	"heartbeat_at" timestamp(3) with time zone NOT NULL,
	"status" smallint,
	"body" text,
	"headers" jsonb,
	CONSTRAINT "idempotency_keys_tenant_id_endpoint_key_pk" PRIMARY KEY("tenant_id","endpoint","key")
);
--> statement-breakpoint
CREATE TABLE "rate_buckets" (
	"tenant_id" text NOT NULL,
	"bucket" text NOT NULL,
	"tokens" double precision NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_buckets_tenant_id_bucket_pk" PRIMARY KEY("tenant_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" text PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"credits" integer NOT NULL,
	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "tenants_credits_check" CHECK ("tenants"."credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "usage" (
	"usage_id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"cost_credits" integer NOT NULL,
	"links" integer NOT NULL,
	"created_at" timestamp(3) with time zone NOT NULL,
	CONSTRAINT "usage_cost_credits_check" CHECK ("usage"."cost_credits" >= 0),
	CONSTRAINT "usage_links_check" CHECK ("usage"."links" >= 0)
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage" ADD CONSTRAINT "usage_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyses_tenant_updated_idx" ON "analyses" USING btree ("tenant_id","updated_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");