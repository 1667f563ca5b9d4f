# SPDX-FileCopyrightText: 2026 PortBench developers
# SPDX-License-Identifier: Apache-2.0

# cmake -DCLI=... -DGUI=... -DHELP2MAN=... -DVERSION=... -DOUT=... -P generateclidocs.cmake
#
# Writes, from the programs' own --help output (the same QCommandLineParser option tables):
#   OUT/man/cli/portbench-cli.1.gz, OUT/man/cli/portbench-cli-COMMAND.1.gz  (help2man)
#   OUT/man/gui/portbench.1.gz
#   OUT/completion/portbench-cli, OUT/completion/_portbench-cli          (bash and zsh completion)
# `man portbench-cli parity` finds portbench-cli-parity(1) (man-db's sub-page lookup).
# Without help2man only the completion is written (the man folders stay empty).

foreach(_var CLI GUI VERSION OUT)
    if(NOT DEFINED ${_var})
        message(FATAL_ERROR "generateclidocs.cmake: -D${_var}=... is required")
    endif()
endforeach()
file(REMOVE_RECURSE "${OUT}/man" "${OUT}/completion" "${OUT}/wrappers")
file(MAKE_DIRECTORY "${OUT}/man/cli" "${OUT}/man/gui" "${OUT}/completion" "${OUT}/wrappers")

# Drawing commands start an offscreen QApplication for --help too; never touch a display.
set(ENV{QT_QPA_PLATFORM} offscreen)
# --help speaks the language of LC_ALL/LC_MESSAGES/LANG (zh_CN for a Chinese build machine); the
# man pages and completion ship English whoever builds them (LANGUAGE too: help2man reads it).
foreach(_var LC_ALL LC_MESSAGES LANG LANGUAGE)
    set(ENV{${_var}} C)
endforeach()

function(run_help out_var)
    execute_process(COMMAND ${ARGN} OUTPUT_VARIABLE _out ERROR_VARIABLE _err RESULT_VARIABLE _rc)
    if(NOT _rc EQUAL 0)
        message(FATAL_ERROR "'${ARGN}' failed (${_rc}): ${_err}")
    endif()
    set(${out_var} "${_out}" PARENT_SCOPE)
endfunction()

# The command table: the "Commands:" block of `portbench-cli --help`, "  NAME   summary" per line.
run_help(_usage "${CLI}" --help)
string(REGEX REPLACE ".*\nCommands:\n" "" _block "${_usage}")
string(REGEX REPLACE "\n\n.*" "" _block "${_block}")
string(REPLACE "\n" ";" _lines "${_block}")
set(_commands "")
foreach(_line IN LISTS _lines)
    if(_line MATCHES "^  ([a-z][a-z0-9-]*) +(.*)$")
        list(APPEND _commands "${CMAKE_MATCH_1}")
        set(_summary_${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
    endif()
endforeach()
list(LENGTH _commands _count)
if(_count LESS 5)
    message(FATAL_ERROR "found only ${_count} commands in 'portbench-cli --help':\n${_usage}")
endif()

# Options of one command: "  -x, --name <value>   text" lines of `portbench-cli NAME --help`.
function(command_options command out_var)
    run_help(_help "${CLI}" "${command}" --help)
    string(REPLACE "\n" ";" _lines "${_help}")
    set(_opts "")
    foreach(_line IN LISTS _lines)
        if(_line MATCHES "^  (-[A-Za-z0-9], )?(--[A-Za-z0-9][A-Za-z0-9-]*)")
            list(APPEND _opts "${CMAKE_MATCH_2}")
            if(CMAKE_MATCH_1 MATCHES "^(-[A-Za-z0-9]), $")
                list(APPEND _opts "${CMAKE_MATCH_1}")
            endif()
        endif()
    endforeach()
    list(REMOVE_DUPLICATES _opts)
    set(${out_var} "${_opts}" PARENT_SCOPE)
endfunction()

# --- bash and zsh completion --------------------------------------------------------------------
set(_cases "")
set(_zsh_cases "")
set(_zsh_commands "")
foreach(_cmd IN LISTS _commands)
    command_options(${_cmd} _opts)
    list(JOIN _opts " " _opts_text)
    string(APPEND _cases "        ${_cmd}) opts=\"${_opts_text}\" ;;\n")
    string(APPEND _zsh_cases "    ${_cmd}) opts=(${_opts_text}) ;;\n")
    string(REPLACE "'" "'\\''" _summary "${_summary_${_cmd}}")
    string(APPEND _zsh_commands "    '${_cmd}:${_summary}'\n")
endforeach()
list(JOIN _commands " " _commands_text)
file(WRITE "${OUT}/completion/portbench-cli" "# bash completion for portbench-cli ${VERSION}
# Generated from 'portbench-cli COMMAND --help' at build time; do not edit.
_portbench_cli()
{
    local cur=\"\${COMP_WORDS[COMP_CWORD]}\" opts
    if [ \"\$COMP_CWORD\" -eq 1 ]; then
        COMPREPLY=( \$(compgen -W \"${_commands_text} help --help --version\" -- \"\$cur\") )
        return
    fi
    case \"\${COMP_WORDS[1]}\" in
        help) COMPREPLY=( \$(compgen -W \"${_commands_text}\" -- \"\$cur\") ); return ;;
${_cases}        *) opts=\"\" ;;
    esac
    if [[ \"\$cur\" == -* ]]; then
        COMPREPLY=( \$(compgen -W \"\$opts\" -- \"\$cur\") )
    else
        # Option values and positional arguments are mostly files and folders.
        compopt -o filenames 2>/dev/null
        COMPREPLY=( \$(compgen -f -- \"\$cur\") )
    fi
}
complete -F _portbench_cli portbench-cli
")

file(WRITE "${OUT}/completion/_portbench-cli" "#compdef portbench-cli
# zsh completion for portbench-cli ${VERSION}
# Generated from 'portbench-cli COMMAND --help' at build time; do not edit.
local -a commands opts
commands=(
${_zsh_commands})
if (( CURRENT == 2 )); then
    _describe -t commands 'portbench-cli command' commands
    return
fi
case \$words[2] in
${_zsh_cases}    help) _describe -t commands 'portbench-cli command' commands; return ;;
esac
if [[ \$PREFIX == -* ]]; then
    compadd -a opts
else
    _files
fi
")

# --- man pages ---------------------------------------------------------------------------------
if(NOT HELP2MAN)
    message(WARNING "help2man not found (Debian package help2man): no man pages")
    return()
endif()

# help2man runs PROGRAM --help and PROGRAM --version; a subcommand gets a two-line wrapper.
function(make_man program name summary folder include)
    set(_page "${OUT}/man/${folder}/${name}.1")
    set(_args --no-info --section=1 "--name=${summary}" "--version-string=${VERSION}" "--output=${_page}")
    if(include)
        list(APPEND _args "--include=${include}")
    endif()
    execute_process(COMMAND "${HELP2MAN}" ${_args} "${program}" RESULT_VARIABLE _rc ERROR_VARIABLE _err)
    if(NOT _rc EQUAL 0)
        message(FATAL_ERROR "help2man ${name} failed (${_rc}): ${_err}")
    endif()
    execute_process(COMMAND gzip -9nf "${_page}" RESULT_VARIABLE _rc)
    if(NOT _rc EQUAL 0)
        message(FATAL_ERROR "gzip ${_page} failed")
    endif()
endfunction()

set(_see_also "")
foreach(_cmd IN LISTS _commands)
    set(_wrapper "${OUT}/wrappers/portbench-cli-${_cmd}")
    file(WRITE "${_wrapper}" "#!/bin/sh\n[ \"$1\" = --version ] && exec \"${CLI}\" --version\nexec \"${CLI}\" ${_cmd} \"$@\"\n")
    file(CHMOD "${_wrapper}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ)
    set(_sub_include "${OUT}/wrappers/${_cmd}.h2m")
    file(WRITE "${_sub_include}" "[SEE ALSO]\n.BR portbench-cli (1),\n.BR portbench (1)\n")
    make_man("${_wrapper}" "portbench-cli-${_cmd}" "${_summary_${_cmd}}" cli "${_sub_include}")
    string(APPEND _see_also ".BR portbench-cli-${_cmd} (1),\n")
endforeach()
set(_include "${OUT}/wrappers/portbench-cli.h2m")
file(WRITE "${_include}" "[SEE ALSO]\n${_see_also}.BR portbench (1)\n.PP\nEach command's page: \\fBman portbench-cli COMMAND\\fR.\n")
make_man("${CLI}" portbench-cli "headless PortBench: parse logs, judge parity, manage runs" cli "${_include}")
file(WRITE "${OUT}/wrappers/portbench.h2m" "[SEE ALSO]\n.BR portbench-cli (1)\n")
make_man("${GUI}" portbench "workbench for porting PyTorch LLM training to Ascend NPU and MUSA" gui
         "${OUT}/wrappers/portbench.h2m")
