CREATE OR REPLACE FUNCTION public.caravana_tem_parecido(r_id uuid, r_numero text, r_situacao text, r_nome_busca text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
RETURN ((r_situacao <> 'desistente'::text) AND (EXISTS (SELECT 1 FROM registrations o WHERE ((o.numero_responsavel = caravana_tem_parecido.r_numero) AND (o.id <> caravana_tem_parecido.r_id) AND (o.situacao <> 'desistente'::text) AND caravana_nomes_parecidos(caravana_tem_parecido.r_nome_busca, o.nome_busca)))));

COMMENT ON FUNCTION caravana_tem_parecido(r_id uuid, r_numero text, r_situacao text, r_nome_busca text) IS 'Whether another active registration on the row''s phone has a similar name.';
