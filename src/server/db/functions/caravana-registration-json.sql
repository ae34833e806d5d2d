CREATE OR REPLACE FUNCTION public.caravana_registration_json(r registrations)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  SELECT jsonb_build_object(
    'nome_completo', r.nome_completo, 'idade', r.idade, 'numero_responsavel', r.numero_responsavel,
    'metodo_pagamento', r.metodo_pagamento, 'status_pagamento', r.status_pagamento,
    'situacao', r.situacao, 'onibus', (SELECT nome FROM onibus WHERE id = r.onibus_id),
    'referencia', r.referencia)
$function$;

COMMENT ON FUNCTION caravana_registration_json(r registrations) IS 'What the log keeps of a registration: what the panel shows, never the upload token.';
