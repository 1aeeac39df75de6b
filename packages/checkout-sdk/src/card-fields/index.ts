// Card fields: the vault's card number and CVV frames for merchants that take cards themselves.
export {
  CARD_FIELDS_TIMEOUT_MS,
  CARD_NUMBER_PLACEHOLDER,
  CVV_PLACEHOLDER,
  SESSION_RENEW_MARGIN_MS,
  createCardFields,
  type CardFields,
  type CardFieldsOptions,
  type CardToken,
} from './create-card-fields.ts';
export {
  CardFieldsConfigError,
  fetchTokenizerConfig,
  TOKENIZER_CONFIG_PATH,
  type TokenizerConfig,
  type TokenizerConfigRequest,
} from './config.ts';
export { loadTokenizer, TOKENIZER_GLOBAL, type TokenizedCard, type TokenizerField, type TokenizerGlobal } from './tokenizer.ts';
