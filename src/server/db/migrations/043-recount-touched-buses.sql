-- The seat trigger on registrations becomes one per event, with the statement's rows, so it recounts only the
-- buses those rows left or took (decision 056). Their files are triggers/registrations-settle-seats-*.sql.
DROP TRIGGER registrations_settle_seats ON registrations;
-- The recount takes the buses to recount (null: all of them); functions/caravana-recount-buses.sql.
DROP FUNCTION caravana_recount_buses();
