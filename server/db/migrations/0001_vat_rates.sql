-- Custom SQL migration file, put your code below! ---- Israeli VAT, effective-dated (DESIGN.md departure 6).
INSERT INTO "vat_rates" ("effective_from", "rate_basis_points") VALUES ('2015-10-01', 1700), ('2025-01-01', 1800);
