ALTER TABLE "invoices" ADD COLUMN "seller_name" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_registration_number" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_address" text;