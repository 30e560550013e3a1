// Everything the seeded build adds, for the translation units that use it.
#pragma once

#include "gnn/seeded/bfloat16.h"
#include "gnn/seeded/broadcast.h"
#include "gnn/seeded/copy.h"
#include "gnn/seeded/debug.h"
#include "gnn/seeded/optim.h"
#include "gnn/seeded/params.h"
#include "gnn/seeded/progress.h"
#include "gnn/seeded/trace.h"
#include "gnn/seeded/train.h"
