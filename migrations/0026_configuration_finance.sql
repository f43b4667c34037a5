-- The finance choice made while configuring (product, term, mileage, down payment, balloon), kept with
-- the saved build so its overview, its order form and the configurator reopened from it show it again.
ALTER TABLE configurations ADD COLUMN finance TEXT;
