// npm run config:schema: regenerate config/schema.json from the code (server/config/configSchema.ts).
import fs from 'node:fs';
import path from 'node:path';
import { configSchemaJson } from '../server/config/configSchema';
import { configVocabulary } from '../server/config/knownNames';
import { REPO_ROOT } from '../server/options';

const file = path.join(REPO_ROOT, 'config', 'schema.json');
fs.writeFileSync(file, configSchemaJson(await configVocabulary(REPO_ROOT)));
console.log(`wrote ${path.relative(process.cwd(), file)}`);
