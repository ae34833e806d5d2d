CREATE OR REPLACE FUNCTION public.caravana_fold(value text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
AS $function$
  SELECT translate(lower(value),
    'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ',
    'aaaaaaeeeeiiiiooooouuuucnyyaaaaaaeeeeiiiiooooouuuucny')
$function$;

COMMENT ON FUNCTION caravana_fold(value text) IS 'A name without accents or case, for search and for ''the same person''.';
