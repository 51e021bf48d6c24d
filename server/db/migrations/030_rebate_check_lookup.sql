-- Payment information: one merchant's check of a quarter (the merchant check page, the Pay / No Pay
-- summary's per-merchant lookup) without reading the whole house's quarter.
create index if not exists rebate_checks_merchant_quarter_idx on rebate_checks (merchant_id, quarter, distributor_id);
