CREATE TABLE "content_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bundle" text NOT NULL,
	"lang" text NOT NULL,
	"article_id" text NOT NULL,
	"plan_title" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"hash" text NOT NULL,
	"source" text NOT NULL,
	"retired_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bundle" text NOT NULL,
	"document_id" text NOT NULL,
	"lang" text NOT NULL,
	"title" text NOT NULL,
	"version" text NOT NULL,
	"body" text NOT NULL,
	"hash" text NOT NULL,
	"source" text NOT NULL,
	"retired_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_faqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bundle" text NOT NULL,
	"product" text NOT NULL,
	"version" text NOT NULL,
	"lang" text NOT NULL,
	"slug" text NOT NULL,
	"topic" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"hash" text NOT NULL,
	"source" text NOT NULL,
	"retired_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "content_articles_key_idx" ON "content_articles" USING btree ("bundle","lang","article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_documents_key_idx" ON "content_documents" USING btree ("bundle","document_id","lang");--> statement-breakpoint
CREATE UNIQUE INDEX "content_faqs_key_idx" ON "content_faqs" USING btree ("bundle","product","version","lang","slug");