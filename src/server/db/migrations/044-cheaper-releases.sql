-- The release takes its batch in (prazo_pagamento, id) order: with the id in the index, a batch reads its 150
-- rows instead of sorting every seat past its deadline (decision 068).
DROP INDEX registrations_prazo_idx;
CREATE INDEX registrations_prazo_idx ON registrations (prazo_pagamento, id)
  WHERE situacao = 'vaga' AND status_pagamento = 'pendente' AND prazo_pagamento IS NOT NULL;
-- The log's diff becomes a set-returning SQL function, which the planner inlines into the statement that calls
-- it, instead of a call per logged row; functions/caravana-json-diff.sql.
DROP FUNCTION caravana_json_diff(jsonb, jsonb);
