-- Pay with its surcharges (issue 13.1: pay = hours × the contract's compensi with theirs): the same
-- three surcharges, in %, as contratti_prezzi, combined by the same policy (erp_importo_ore, 0600;
-- src/domain/hours/money.ts shiftPay). Existing rows keep their plain hourly pay (0 %).
ALTER TABLE contratti_compensi
  ADD COLUMN maggiorazione_notturna numeric(5, 2) NOT NULL DEFAULT 0 CHECK (maggiorazione_notturna >= 0),
  ADD COLUMN maggiorazione_festiva numeric(5, 2) NOT NULL DEFAULT 0 CHECK (maggiorazione_festiva >= 0),
  ADD COLUMN maggiorazione_domenicale numeric(5, 2) NOT NULL DEFAULT 0 CHECK (maggiorazione_domenicale >= 0);
