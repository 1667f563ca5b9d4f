// SPDX-FileCopyrightText: 2026 PortBench developers
// SPDX-License-Identifier: Apache-2.0

#include "interruptflag.h"

#include <csignal>
#include <unistd.h>

namespace {

// A signal handler can reach only static storage; the class keeps its lifetime scoped.
std::atomic_bool interrupted{false};
struct sigaction previousInt;
struct sigaction previousTerm;

void onSignal(int signal)
{
    if (interrupted.exchange(true)) {
        std::signal(signal, SIG_DFL);
        std::raise(signal);
        return;
    }
    static const char message[] = "\nStopping after the current step (Ctrl-C again to kill)...\n";
    [[maybe_unused]] const auto written = ::write(STDERR_FILENO, message, sizeof message - 1);
}

} // namespace

InterruptFlag::InterruptFlag()
{
    interrupted = false;
    struct sigaction action = {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &previousInt);
    sigaction(SIGTERM, &action, &previousTerm);
}

InterruptFlag::~InterruptFlag()
{
    sigaction(SIGINT, &previousInt, nullptr);
    sigaction(SIGTERM, &previousTerm, nullptr);
}

const std::atomic_bool *InterruptFlag::flag() const
{
    return &interrupted;
}
