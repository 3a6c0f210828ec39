#!/usr/bin/env node
// The `docintel` command (package.json "bin"): runs bin/docintel.ts through tsx, as the rest of the project does.
import { register } from 'tsx/esm/api';

register();
await import('./docintel.ts');
