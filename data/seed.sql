-- Seed data, applied on every start (idempotent upserts). Figures: SPEC §9.
-- P5: 520 L cargo, 66 kWh battery, up to 465 km WLTP, front-wheel drive.

INSERT INTO models (code, name, range_km, battery_kwh, cargo_litres, sort)
VALUES ('p5', 'P5', 465, 66, 520, 10)
ON CONFLICT (code) DO UPDATE SET
  name = excluded.name,
  range_km = excluded.range_km,
  battery_kwh = excluded.battery_kwh,
  cargo_litres = excluded.cargo_litres,
  sort = excluded.sort;

INSERT INTO model_markets (model_code, country_code)
VALUES
  ('p5', 'GLOBAL'), ('p5', 'NO'), ('p5', 'SE'), ('p5', 'DK'), ('p5', 'NL'), ('p5', 'DE'),
  ('p5', 'FR'), ('p5', 'BE'), ('p5', 'TH'), ('p5', 'IS'), ('p5', 'LU'), ('p5', 'AT')
ON CONFLICT DO NOTHING;
