CREATE OR REPLACE FUNCTION public.caravana_log_settings()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NOT caravana_logging() OR NEW.valor = OLD.valor THEN RETURN NULL; END IF;
  INSERT INTO activity_log (ator_id, ator_nome, tipo, resumo, antes, depois)
  VALUES (caravana_actor_id(), caravana_actor_name('sistema'),
          CASE WHEN NEW.origem = 'ambiente' AND OLD.origem = 'painel' THEN 'configuracoes.padrao' ELSE 'configuracoes.alterada' END,
          CASE
            WHEN NEW.origem = 'ambiente' AND OLD.origem = 'painel' THEN 'Configuração restaurada ao padrão: '
            ELSE 'Configuração alterada: '
          END || CASE NEW.chave
            WHEN 'titulo' THEN 'título do evento' WHEN 'data' THEN 'data' WHEN 'horario' THEN 'horário'
            WHEN 'local' THEN 'local' WHEN 'cidade' THEN 'cidade' WHEN 'preco_centavos' THEN 'valor da inscrição'
            WHEN 'pix_chave' THEN 'chave PIX' WHEN 'pix_recebedor' THEN 'recebedor do PIX'
            WHEN 'pix_cidade' THEN 'cidade do PIX' WHEN 'whatsapp' THEN 'WhatsApp'
            WHEN 'mensagens' THEN 'mensagens de agradecimento' WHEN 'aviso_membros' THEN 'aviso de exclusividade'
            WHEN 'fuso_horario' THEN 'fuso horário' WHEN 'inscricoes_por_numero' THEN 'inscrições por número'
            WHEN 'autorizacao_exigida' THEN 'autorização de viagem' WHEN 'viagem_destino' THEN 'destino da viagem'
            WHEN 'viagem_datas' THEN 'ida e volta' WHEN 'alteracoes_ate' THEN 'alterações até'
            WHEN 'grupo_nome' THEN 'nome do grupo' WHEN 'edicao_numero' THEN 'número da edição'
            WHEN 'tema' THEN 'tema' WHEN 'ano' THEN 'ano'
            WHEN 'prazo_dias' THEN 'prazo para pagar' WHEN 'prazo_horas_espera' THEN 'prazo depois da lista de espera'
            WHEN 'prazo_tolerancia_dias' THEN 'tolerância do extrato' WHEN 'prazo_ultimo_dia' THEN 'último dia para pagar'
            WHEN 'prazo_liberar_automaticamente' THEN 'liberar vagas vencidas automaticamente'
            ELSE NEW.chave END,
          jsonb_build_object(NEW.chave, OLD.valor), jsonb_build_object(NEW.chave, NEW.valor));
  RETURN NULL;
END
$function$;

COMMENT ON FUNCTION caravana_log_settings() IS 'Writes changed settings to the activity log.';
