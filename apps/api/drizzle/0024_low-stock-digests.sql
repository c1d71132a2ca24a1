CREATE TABLE "low_stock_digests" (
	"nepal_day" date PRIMARY KEY NOT NULL,
	"products" integer NOT NULL,
	"recipients" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
