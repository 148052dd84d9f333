ALTER TABLE "payments" ADD COLUMN "failure_text" jsonb;--> statement-breakpoint
-- Payments that failed before failures had codes: the known reasons by their code, any
-- other as the provider wrote it (shown as given).
UPDATE "payments" SET "failure_text" = CASE
  WHEN "failure_reason" LIKE '%account closed%' THEN '{"key":"payouts:payments.failure.ACCOUNT_CLOSED","params":{}}'::jsonb
  WHEN "failure_reason" = 'The payout method was removed' THEN '{"key":"payouts:payments.failure.METHOD_REMOVED","params":{}}'::jsonb
  WHEN "failure_reason" = 'The payout provider could not take the payment' THEN '{"key":"payouts:payments.failure.REFUSED","params":{}}'::jsonb
  ELSE jsonb_build_object('key', null, 'params', jsonb_build_object('text', "failure_reason"))
END
WHERE "status" = 'failed' AND "failure_reason" IS NOT NULL;
