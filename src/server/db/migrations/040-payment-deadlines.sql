-- A payment deadline for every seat (issue 51, decision 049). The rules that set, keep and clear it, and
-- the one that passes a seat on when it passes, are functions of their own (caravana_novo_prazo,
-- caravana_prazo_e_fila, the release in deadlines/release-expired.ts); this migration holds the columns,
-- the constraints and the settings' keys.

-- When a seated, owing registration must have paid; kept on the row, counted from when it got its seat.
-- A "Vencida" keeps the deadline that passed, for the family's page and the log.
ALTER TABLE registrations ADD COLUMN prazo_pagamento timestamptz;
COMMENT ON COLUMN registrations.prazo_pagamento IS 'Pay by: set when a seat is given to someone who owes (at sign-up, from the waiting list, back from Vencida), cleared by a payment; kept by a Vencida.';

-- "Vencida": the deadline passed with nothing paid and the seat went to the next person. Kept and counted.
ALTER TABLE registrations DROP CONSTRAINT registrations_situacao_check;
ALTER TABLE registrations ADD CONSTRAINT registrations_situacao_check
  CHECK (situacao IN ('vaga', 'espera', 'desistente', 'vencida'));
-- Paid and "Vencida" at once is never a state: a payment on a Vencida seats it again or puts it in line.
ALTER TABLE registrations ADD CONSTRAINT registrations_vencida_sem_pagamento
  CHECK (NOT (situacao = 'vencida' AND status_pagamento = 'confirmado'));
ALTER TABLE registrations ADD CONSTRAINT registrations_prazo_com_vaga
  CHECK (prazo_pagamento IS NULL OR situacao IN ('vaga', 'vencida'));
-- What the release looks for, every minute.
CREATE INDEX registrations_prazo_idx ON registrations (prazo_pagamento)
  WHERE situacao = 'vaga' AND status_pagamento = 'pendente' AND prazo_pagamento IS NOT NULL;

INSERT INTO registration_counts (status_pagamento, metodo_pagamento, situacao, n)
SELECT s, m, 'vencida', 0 FROM unnest(ARRAY['pendente', 'confirmado']) AS s, unnest(ARRAY['PIX', 'ESPECIE']) AS m
ON CONFLICT DO NOTHING;

ALTER TABLE event_settings DROP CONSTRAINT event_settings_chave_check;
ALTER TABLE event_settings ADD CONSTRAINT event_settings_chave_check CHECK (chave IN ('titulo', 'data', 'horario',
  'local', 'cidade', 'preco_centavos', 'pix_chave', 'pix_recebedor', 'pix_cidade', 'whatsapp', 'mensagens',
  'aviso_membros', 'fuso_horario', 'inscricoes_por_numero', 'autorizacao_exigida', 'viagem_destino', 'viagem_datas',
  'alteracoes_ate', 'grupo_nome', 'edicao_numero', 'tema', 'ano', 'prazo_dias', 'prazo_horas_espera',
  'prazo_tolerancia_dias', 'prazo_ultimo_dia', 'prazo_liberar_automaticamente'));

-- "Prazo vencendo" and "Lembrete de prazo" in "Mensagens".
ALTER TABLE mensagem_listas DROP CONSTRAINT mensagem_listas_grupo_check;
ALTER TABLE mensagem_listas ADD CONSTRAINT mensagem_listas_grupo_check CHECK (grupo IN ('pendentes', 'onibus', 'espera',
  'sem_autorizacao', 'com_vaga', 'reembolso', 'selecionados', 'prazo_vencendo'));
ALTER TABLE mensagem_textos DROP CONSTRAINT mensagem_textos_chave_check;
ALTER TABLE mensagem_textos ADD CONSTRAINT mensagem_textos_chave_check CHECK (chave IN ('lembrete_pagamento',
  'horario_saida', 'autorizacao_pendente', 'vaga_liberada', 'link_inscricao', 'lembrete_prazo'));

-- Registrations already seated when deadlines ship get theirs counted from that day, never one in the past:
-- the first start after this migration does it, once the settings it reads are in place
-- (deadlines/first-deadlines.ts).
INSERT INTO app_settings (key, value) VALUES ('prazos_a_iniciar', 'sim') ON CONFLICT (key) DO NOTHING;
