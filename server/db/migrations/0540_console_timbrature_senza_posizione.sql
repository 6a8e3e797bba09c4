-- Issue 33 (the field app): a guard who denies the phone's location, or whose phone cannot find
-- itself (a basement), still checks in — never refused — and the check-in is recorded without a
-- position ("posizione non disponibile"). Latitude, longitude and accuracy are all three given or
-- all three missing. Privacy (Garante's measures on geolocation of workers): the position is read
-- only at the tap, never in the background.
ALTER TABLE app_timbrature ALTER COLUMN lat DROP NOT NULL;
ALTER TABLE app_timbrature ALTER COLUMN lng DROP NOT NULL;
ALTER TABLE app_timbrature ALTER COLUMN accuratezza DROP NOT NULL;
ALTER TABLE app_timbrature ADD CONSTRAINT app_timbrature_posizione_check
  CHECK ((lat IS NULL) = (lng IS NULL) AND (lat IS NULL) = (accuratezza IS NULL));
